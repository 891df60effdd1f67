//! The setup screen: pick a preset and who sits at each seat.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, big_button, panel, seat_label};
use crate::ai::Difficulty;
use crate::game::{Nav, Presets, Screen, Table};
use crate::table::SeatKind;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Screen::Setup)),
    );
}

fn draw(
    mut contexts: EguiContexts,
    presets: Res<Presets>,
    table: Res<Table>,
    mut nav: MessageWriter<Nav>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let mut edit = table.0.clone();
    let list = presets.presets(edit.game);
    let chosen = presets.find(edit.game, &edit.preset);
    panel("setup").min_width(720.0).show(ctx, |ui| {
        ui.label(
            egui::RichText::new(format!("Set up {}", edit.game.title()))
                .size(30.0)
                .color(IVORY)
                .strong(),
        );
        ui.separator();
        ui.columns(2, |cols| {
            let ui = &mut cols[0];
            ui.heading("Preset");
            for p in &list {
                let selected = p.name == edit.preset;
                let text = egui::RichText::new(&p.title).strong();
                if ui.selectable_label(selected, text).clicked() && !selected {
                    edit.choose_preset(&p.name, &presets);
                }
                ui.label(egui::RichText::new(&p.summary).small().weak());
            }
            let ui = &mut cols[1];
            ui.heading("Seats");
            if let Some(p) = &chosen {
                ui.label(&p.about);
                ui.add_space(6.0);
                let mut remove = None;
                let can_remove = edit.seats.len() > p.seats.min as usize;
                for (i, seat) in edit.seats.iter_mut().enumerate() {
                    ui.horizontal(|ui| {
                        seat_label(ui, i, format!("Seat {}", i + 1));
                        let mut human = *seat == SeatKind::Human;
                        if ui.radio_value(&mut human, true, "Human").clicked() {
                            *seat = SeatKind::Human;
                        }
                        if ui.radio_value(&mut human, false, "AI").clicked()
                            && !matches!(seat, SeatKind::Ai(_))
                        {
                            *seat = SeatKind::Ai(Difficulty::Normal);
                        }
                        if let SeatKind::Ai(level) = seat {
                            egui::ComboBox::from_id_salt(("level", i))
                                .selected_text(level.to_string())
                                .show_ui(ui, |ui| {
                                    for d in Difficulty::ALL {
                                        ui.selectable_value(level, d, d.to_string());
                                    }
                                });
                        }
                        if can_remove
                            && ui
                                .small_button("✖")
                                .on_hover_text("Remove this seat")
                                .clicked()
                        {
                            remove = Some(i);
                        }
                    });
                }
                if let Some(i) = remove {
                    edit.seats.remove(i);
                }
                if edit.seats.len() < p.seats.max as usize && ui.button("➕ Add a seat").clicked()
                {
                    edit.fit_seats(edit.seats.len() + 1);
                }
                ui.label(
                    egui::RichText::new(format!("{}–{} seats", p.seats.min, p.seats.max))
                        .small()
                        .weak(),
                );
            }
        });
        ui.separator();
        let check = edit.validate(&presets);
        ui.horizontal(|ui| {
            if big_button(ui, "Back").clicked() {
                nav.write(Nav::Back);
            }
            let start = ui.add_enabled(
                check.is_ok(),
                egui::Button::new(egui::RichText::new("Start").size(18.0))
                    .min_size(egui::vec2(220.0, 36.0)),
            );
            if start.clicked() {
                nav.write(Nav::Start);
            }
            if let Err(why) = &check {
                ui.colored_label(egui::Color32::LIGHT_RED, why);
            }
        });
    });
    if edit != table.0 {
        nav.write(Nav::Configure(edit));
    }
    Ok(())
}
