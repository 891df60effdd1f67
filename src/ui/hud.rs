//! What sits over every game's table: the way to the pause menu. Each game's own HUD names the
//! table and its seats.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::DrawUi;
use crate::game::{Nav, Pause};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Pause::Running)),
    );
}

fn draw(mut contexts: EguiContexts, mut nav: MessageWriter<Nav>) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("hud-hint".into())
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .show(ctx, |ui| {
            if ui.button("Pause (Esc / Start)").clicked() {
                nav.write(Nav::TogglePause);
            }
        });
    Ok(())
}
