//! The results screen after a game.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, big_button, panel, seat_label};
use crate::game::marbles::play::MarblesPlay;
use crate::game::marbles::{records_dir, save_record};
use crate::game::{Nav, Screen, SettingsPath, Table};
use crate::table::SeatKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Screen::Results)),
    );
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    table: Res<Table>,
    marbles: Option<Res<MarblesPlay>>,
    settings: Res<SettingsPath>,
    mut saved: Local<Option<String>>,
    mut nav: MessageWriter<Nav>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    panel("results").min_width(460.0).show(ctx, |ui| {
        ui.vertical_centered(|ui| {
            ui.label(
                egui::RichText::new(format!("{} — results", table.game.title()))
                    .size(30.0)
                    .color(IVORY)
                    .strong(),
            );
            let who = |i: usize| match table.seats.get(i) {
                Some(SeatKind::Ai(level)) => format!("AI ({level})"),
                _ => "Human".to_string(),
            };
            match marbles.as_deref().filter(|p| p.game.outcome.is_some()) {
                Some(play) => {
                    marbles_sheet(ui, play, &who);
                    ui.horizontal(|ui| match records_dir(&settings) {
                        Some(dir) => {
                            if ui.button("Save the game").clicked() {
                                *saved = Some(match save_record(play, &dir) {
                                    Ok(path) => format!("Saved as {}", path.display()),
                                    Err(e) => format!("Not saved: {e}"),
                                });
                            }
                        }
                        None => {
                            ui.label("(settings are kept in memory: nothing is saved)");
                        }
                    });
                    if let Some(s) = saved.as_ref() {
                        ui.label(egui::RichText::new(s).small());
                    }
                }
                None => {
                    *saved = None;
                    ui.label("No scores: this game was not played to its end.");
                    ui.add_space(6.0);
                    for i in 0..table.seats.len() {
                        seat_label(ui, i, format!("Seat {}: {} — no score", i + 1, who(i)));
                    }
                }
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

/// The MUGGINS! score sheet: each seat's marbles, runs with their bonuses, and total.
fn marbles_sheet(ui: &mut egui::Ui, play: &MarblesPlay, who: &dyn Fn(usize) -> String) {
    use crate::rules::marbles::score::run_bonus;
    let Some(o) = &play.game.outcome else { return };
    if let Some(s) = o.solitaire_score {
        ui.label(format!(
            "Board filled: Solitaire score {s} (lower is better)"
        ));
    } else if o.winners.is_empty() {
        ui.label(format!("{} of the spaces filled", o.filled));
    }
    egui::Grid::new("marbles-sheet")
        .striped(true)
        .spacing([18.0, 6.0])
        .show(ui, |ui| {
            for h in ["Player", "Marbles", "Runs (bonus)", "Total", ""] {
                ui.label(egui::RichText::new(h).strong());
            }
            ui.end_row();
            for (i, s) in o.scores.iter().enumerate() {
                seat_label(ui, i, format!("Seat {}: {}", i + 1, who(i)));
                ui.label(s.marbles.to_string());
                let runs: Vec<String> = s
                    .runs
                    .iter()
                    .map(|len| format!("{len} ({})", run_bonus(*len)))
                    .collect();
                ui.label(if runs.is_empty() {
                    "—".to_string()
                } else {
                    runs.join(", ")
                });
                ui.label(egui::RichText::new(s.total.to_string()).strong());
                ui.label(if o.winners.contains(&(i as u8)) {
                    "winner"
                } else {
                    ""
                });
                ui.end_row();
            }
        });
}
