//! The results screen after a game: the game's score sheet (whatever the game), saving its
//! record, and what next.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, big_button, focus_first, panel, seat_label};
use crate::game::table::ScoreSheet;
use crate::game::table::autosave::LastSaved;
use crate::game::table::records::{records_dir, save_record};
use crate::game::table::seats::seat_who;
use crate::game::{Nav, Screen, SettingsPath, Table};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Screen::Results)),
    );
}

fn draw(
    mut contexts: EguiContexts,
    table: Res<Table>,
    sheet: Option<Res<ScoreSheet>>,
    settings: Res<SettingsPath>,
    last: Res<LastSaved>,
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
            match sheet.as_deref() {
                Some(sheet) => {
                    draw_sheet(ui, sheet);
                    save_row(ui, sheet, &settings, &last, &mut saved);
                }
                None => {
                    *saved = None;
                    ui.label("No scores: this game was not played to its end.");
                    ui.add_space(6.0);
                    for i in 0..table.seats.len() {
                        let who = seat_who(i as u8, table.seats.get(i), None);
                        seat_label(ui, i, format!("{who} — no score"));
                    }
                }
            }
            ui.add_space(8.0);
            let again = big_button(ui, "Play again");
            focus_first(&again);
            if again.clicked() {
                nav.write(Nav::SetUp(table.game));
            }
            if big_button(ui, "Title").clicked() {
                nav.write(Nav::Title);
            }
        });
    });
    Ok(())
}

/// Where the game's record was saved as it ended; "Save the game" where it was not.
fn save_row(
    ui: &mut egui::Ui,
    sheet: &ScoreSheet,
    settings: &SettingsPath,
    last: &LastSaved,
    saved: &mut Option<String>,
) {
    if let Some(Ok(path)) = &last.0 {
        ui.label(egui::RichText::new(format!("Saved as {}", path.display())).small());
        return;
    }
    if let Some(Err(e)) = &last.0 {
        ui.label(egui::RichText::new(format!("Not saved as it ended: {e}")).small());
    }
    ui.horizontal(|ui| match records_dir(settings) {
        Some(dir) => {
            if ui.button("Save the game").clicked() {
                *saved = Some(match save_record(&sheet.record, &dir) {
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

/// Any game's score sheet: a line above, the columns, a row per seat, the winners marked.
fn draw_sheet(ui: &mut egui::Ui, sheet: &ScoreSheet) {
    if let Some(note) = &sheet.note {
        ui.label(note);
    }
    ui.label(egui::RichText::new(sheet.verdict()).color(IVORY).strong());
    egui::Grid::new("score-sheet")
        .striped(true)
        .spacing([18.0, 6.0])
        .show(ui, |ui| {
            ui.label(egui::RichText::new("Player").strong());
            for h in &sheet.columns {
                ui.label(egui::RichText::new(h).strong());
            }
            ui.label("");
            ui.end_row();
            for row in &sheet.rows {
                seat_label(ui, row.seat as usize, &row.who);
                let last = row.cells.len().saturating_sub(1);
                for (i, cell) in row.cells.iter().enumerate() {
                    let text = egui::RichText::new(cell);
                    ui.label(if i == last { text.strong() } else { text });
                }
                ui.label(if sheet.winners.contains(&row.seat) {
                    "winner"
                } else {
                    ""
                });
                ui.end_row();
            }
        });
}
