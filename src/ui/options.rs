//! The options window: window mode, volume and mute, the UI's scale and the table's pace; each
//! takes effect at once, and all are saved when it closes.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, UiState};
use crate::game::SaveSettings;
use crate::settings::{SPEEDS, Settings, UI_SCALES, WindowMode};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(DrawUi).run_if(|s: Res<UiState>| s.options_open),
    );
}

fn draw(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut settings: ResMut<Settings>,
    mut save: MessageWriter<SaveSettings>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut edit = settings.clone();
    let mut close = false;
    egui::Window::new("Options")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                ui.label("Window");
                ui.radio_value(&mut edit.window_mode, WindowMode::Windowed, "Windowed");
                ui.radio_value(&mut edit.window_mode, WindowMode::Fullscreen, "Fullscreen");
            });
            ui.horizontal(|ui| {
                ui.label("Volume");
                let mut percent = (edit.volume * 100.0).round();
                if ui
                    .add(egui::Slider::new(&mut percent, 0.0..=100.0).suffix(" %"))
                    .changed()
                {
                    edit.volume = percent / 100.0;
                }
                ui.checkbox(&mut edit.muted, "Mute");
            });
            ui.horizontal(|ui| {
                ui.label("Menus and labels");
                ui.add(
                    egui::Slider::new(&mut edit.ui_scale, UI_SCALES.0..=UI_SCALES.1)
                        .step_by(0.25)
                        .suffix("×"),
                );
            });
            ui.separator();
            ui.horizontal(|ui| {
                ui.label("Table speed");
                ui.add(
                    egui::Slider::new(&mut edit.table.speed, SPEEDS.0..=SPEEDS.1)
                        .step_by(0.25)
                        .suffix("×"),
                );
            });
            ui.checkbox(
                &mut edit.table.auto_draw,
                "Dominoes: draw or pass by myself when I cannot play",
            );
            ui.checkbox(
                &mut edit.table.auto_play,
                "Dominoes: make my only possible play for me",
            );
            let button = ui.button("Close");
            if ui_state.options_focus {
                ui_state.options_focus = false;
                button.request_focus();
            }
            close = button.clicked();
        });
    if edit != *settings {
        *settings = edit;
    }
    if close {
        ui_state.options_open = false;
        save.write(SaveSettings);
    }
    Ok(())
}
