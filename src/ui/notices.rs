//! Messages for the player (a refused setup, an unreadable settings file), until dismissed.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::DrawUi;
use crate::game::Notices;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.after(DrawUi).run_if(|n: Res<Notices>| !n.0.is_empty()),
    );
}

fn draw(mut contexts: EguiContexts, mut notices: ResMut<Notices>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut dismiss = None;
    egui::Area::new("notices".into())
        .anchor(egui::Align2::RIGHT_BOTTOM, [-12.0, -12.0])
        .show(ctx, |ui| {
            for (i, text) in notices.0.iter().enumerate() {
                egui::Frame::window(ui.style()).show(ui, |ui| {
                    ui.set_max_width(420.0);
                    ui.horizontal(|ui| {
                        ui.colored_label(egui::Color32::from_rgb(255, 200, 120), text);
                        if ui.small_button("OK").clicked() {
                            dismiss = Some(i);
                        }
                    });
                });
            }
        });
    if let Some(i) = dismiss {
        notices.0.remove(i);
    }
    Ok(())
}
