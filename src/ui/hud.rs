//! What sits over a game's table: which game, preset and seats, and, for a game that cannot be
//! played yet, a plain statement that it cannot.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, framed, seat_label};
use crate::game::{Nav, Pause, Presets, Table};
use crate::rules::Game;
use crate::table::SeatKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Pause::Running)),
    );
}

/// Which issue brings each game to life; shown on its table until then.
fn coming(game: Game) -> Option<&'static str> {
    match game {
        Game::Marbles | Game::Dominoes => None,
        Game::Kugelbox => Some(
            "Its rules engine and the physics box are ready (try `muggins kugel 1,1 5,5`); play comes next.",
        ),
    }
}

fn draw(
    mut contexts: EguiContexts,
    table: Res<Table>,
    presets: Res<Presets>,
    mut nav: MessageWriter<Nav>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let preset = presets.find(table.game, &table.preset);
    egui::Area::new("hud-hint".into())
        .anchor(egui::Align2::RIGHT_TOP, [-12.0, 12.0])
        .show(ctx, |ui| {
            if ui.button("Pause (Esc / Start)").clicked() {
                nav.write(Nav::TogglePause);
            }
        });
    // A game that plays has its own HUD, which names the table and its seats.
    let Some(coming) = coming(table.game) else {
        return Ok(());
    };
    framed(
        ctx,
        "hud-table",
        egui::Align2::LEFT_BOTTOM,
        [12.0, -12.0],
        10.0,
        |ui| {
            ui.label(
                egui::RichText::new(table.game.title())
                    .size(22.0)
                    .color(IVORY)
                    .strong(),
            );
            if let Some(p) = &preset {
                ui.label(format!("{} — {}", p.title, p.summary));
            }
            ui.horizontal(|ui| {
                for (i, seat) in table.seats.iter().enumerate() {
                    let who = match seat {
                        SeatKind::Human => "Human".to_string(),
                        SeatKind::Ai(level) => format!("AI {level}"),
                    };
                    seat_label(ui, i, who);
                }
            });
        },
    );
    framed(
        ctx,
        "not-playable",
        egui::Align2::CENTER_TOP,
        [0.0, 12.0],
        12.0,
        |ui| {
            ui.set_max_width(560.0);
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new(format!("{} is not playable yet", table.game.title()))
                        .size(22.0)
                        .color(IVORY)
                        .strong(),
                );
                ui.label(format!(
                    "The table is set; nothing here is a real game. {}",
                    coming
                ));
                ui.horizontal(|ui| {
                    if ui.button("Results").clicked() {
                        nav.write(Nav::EndGame);
                    }
                    if ui.button("Back to the title").clicked() {
                        nav.write(Nav::Title);
                    }
                });
            });
        },
    );
    Ok(())
}
