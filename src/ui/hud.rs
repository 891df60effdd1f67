//! What sits over every game's table: the way to the pause menu, and Undo for one player
//! against the AI. Each game's own HUD names the
//! table and its seats.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::DrawUi;
use crate::game::table::undo::{UndoAsked, UndoOffer};
use crate::game::{Nav, Pause};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Pause::Running)),
    );
}

fn draw(
    mut contexts: EguiContexts,
    mut nav: MessageWriter<Nav>,
    offer: Res<UndoOffer>,
    mut undo: MessageWriter<UndoAsked>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    egui::Area::new("hud-hint".into())
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                // Against the AI only: take back the last move until the next roll or AI move.
                if offer.seat.is_some()
                    && ui
                        .add_enabled(offer.ready, egui::Button::new("Undo (U / LT)"))
                        .clicked()
                {
                    undo.write(UndoAsked);
                }
                if ui.button("Pause (Esc / Start)").clicked() {
                    nav.write(Nav::TogglePause);
                }
            });
        });
    Ok(())
}
