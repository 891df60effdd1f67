//! The pause menu over a game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, UiState, big_button, panel};
use crate::game::{Nav, Pause};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Pause::Paused)),
    );
}

fn draw(
    mut contexts: EguiContexts,
    mut ui_state: ResMut<UiState>,
    mut nav: MessageWriter<Nav>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    panel("pause").show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new("Paused")
                    .size(32.0)
                    .color(IVORY)
                    .strong(),
            );
            ui.add_space(8.0);
            if big_button(ui, "Resume").clicked() {
                nav.write(Nav::Resume);
            }
            if big_button(ui, "Options").clicked() {
                ui_state.options_open = true;
            }
            if big_button(ui, "End the game").clicked() {
                nav.write(Nav::EndGame);
            }
            if big_button(ui, "Quit to the title").clicked() {
                nav.write(Nav::Title);
            }
        });
    });
    Ok(())
}
