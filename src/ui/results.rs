//! The results screen after a game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, big_button, panel, seat_label};
use crate::game::{Nav, Screen, Table};
use crate::table::SeatKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Screen::Results)),
    );
}

fn draw(mut contexts: EguiContexts, table: Res<Table>, mut nav: MessageWriter<Nav>) -> Result {
    let ctx = contexts.ctx_mut()?;
    panel("results").min_width(420.0).show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(format!("{} — results", table.game.title()))
                    .size(30.0)
                    .color(IVORY)
                    .strong(),
            );
            ui.label("No scores: this game is not playable yet, so nothing was played.");
            ui.add_space(6.0);
            for (i, seat) in table.seats.iter().enumerate() {
                let who = match seat {
                    SeatKind::Human => "Human".to_string(),
                    SeatKind::Ai(level) => format!("AI ({level})"),
                };
                seat_label(ui, i, format!("Seat {}: {who} — no score", i + 1));
            }
            ui.add_space(8.0);
            if big_button(ui, "Play again").clicked() {
                nav.write(Nav::SetUp(table.game));
            }
            if big_button(ui, "Title").clicked() {
                nav.write(Nav::Title);
            }
        });
    });
    Ok(())
}
