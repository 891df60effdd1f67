//! The pause menu over a game; when a seat's gamepad was lost, it says so and offers the ways
//! to go on: reconnect it, claim the seat with another pad (South) or the keyboard (Enter), or
//! hand the seat to the AI.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, UiState, big_button, focus_first, panel};
use crate::ai::Difficulty;
use crate::game::table::Seating;
use crate::game::table::seats::{Claim, lost_line};
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
    seating: Res<Seating>,
    mut nav: MessageWriter<Nav>,
    mut claims: MessageWriter<Claim>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    panel("pause").show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            if let Some(&(seat, _)) = seating.lost.first() {
                lost_seat(ui, seat, &mut claims);
                return;
            }
            ui.label(
                egui::RichText::new("Paused")
                    .size(32.0)
                    .color(IVORY)
                    .strong(),
            );
            ui.add_space(8.0);
            let resume = big_button(ui, "Resume");
            focus_first(&resume);
            if resume.clicked() {
                nav.write(Nav::Resume);
            }
            if big_button(ui, "Options").clicked() {
                ui_state.open_options();
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

/// A seat whose gamepad was lost, and how to go on.
fn lost_seat(ui: &mut egui::Ui, seat: u8, claims: &mut MessageWriter<Claim>) {
    ui.label(
        egui::RichText::new(lost_line(seat))
            .size(26.0)
            .color(IVORY)
            .strong(),
    );
    ui.label("Reconnect it to go on, press A (South) on a free controller or Enter for the keyboard to take the seat, or let the AI play it:");
    ui.add_space(6.0);
    let keyboard = big_button(ui, "Keyboard and mouse take it");
    focus_first(&keyboard);
    if keyboard.clicked() {
        claims.write(Claim::Pointer);
    }
    ui.horizontal(|ui| {
        for level in Difficulty::ALL {
            if ui.button(format!("AI {level}")).clicked() {
                claims.write(Claim::Ai(level));
            }
        }
    });
}
