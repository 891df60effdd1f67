//! The setup screen: pick a preset and who sits at each seat — human or AI (and its level), and
//! for a human seat its device: the keyboard and mouse, or the gamepad that joined it (a pad
//! joins with A / South and leaves with B / East; the keyboard and mouse take a seat with a
//! click). Every control is a button, so the d-pad and Enter reach them all.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, big_button, focus_first, panel, seat_label};
use crate::ai::Difficulty;
use crate::game::table::autosave::ResumeRequest;
use crate::game::table::seats::{Device, Seating, pad_number, seat_name};
use crate::game::{Nav, Presets, Screen, Table};
use crate::rules::dominoes::TileSet;
use crate::rules::kugelbox::Scoring;
use crate::rules::{Game, PresetInfo};
use crate::table::{SeatKind, TableSetup};

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
    mut seating: ResMut<Seating>,
    pads: Query<Entity, With<Gamepad>>,
    resume: Option<Res<ResumeRequest>>,
    mut nav: MessageWriter<Nav>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pads: Vec<Entity> = pads.iter().collect();
    let mut edit = table.0.clone();
    let chosen = presets.find(edit.game, &edit.preset);
    panel("setup").min_width(760.0).show(ctx, |ui| {
        ui.label(
            egui::RichText::new(format!("Set up {}", edit.game.title()))
                .size(30.0)
                .color(IVORY)
                .strong(),
        );
        if let Some(r) = &resume {
            ui.label(
                egui::RichText::new(format!(
                    "Resuming the game you left ({}): each human seat takes its controller, \
                     then Start",
                    r.0.record.summary().titled(&presets.0).line()
                ))
                .color(IVORY),
            );
        }
        ui.separator();
        start_row(ui, &edit, &presets, &mut nav);
        ui.separator();
        ui.columns(2, |cols| {
            preset_column(&mut cols[0], &mut edit, &presets);
            if let Some(p) = &chosen {
                seats_column(&mut cols[1], &mut edit, p, &presets, &mut seating, &pads);
                match edit.game {
                    Game::Dominoes => dominoes_options(&mut cols[1], &mut edit, &presets),
                    Game::Kugelbox => kugelbox_options(&mut cols[1], &mut edit, &presets),
                    Game::Marbles => {}
                }
            }
        });
    });
    if edit != table.0 {
        seating.fit(edit.seats.len());
        nav.write(Nav::Configure(edit));
    }
    Ok(())
}

/// Start (focused first) and Back, and why the table cannot start.
fn start_row(
    ui: &mut egui::Ui,
    edit: &TableSetup,
    presets: &Presets,
    nav: &mut MessageWriter<Nav>,
) {
    let check = edit.validate(presets);
    ui.horizontal(|ui| {
        let start = ui.add_enabled(
            check.is_ok(),
            egui::Button::new(egui::RichText::new("Start").size(18.0))
                .min_size(egui::vec2(220.0, 36.0)),
        );
        focus_first(&start);
        if start.clicked() {
            nav.write(Nav::Start);
        }
        if big_button(ui, "Back").clicked() {
            nav.write(Nav::Back);
        }
        match &check {
            Err(why) => {
                ui.colored_label(egui::Color32::LIGHT_RED, why);
            }
            Ok(()) => {
                ui.label(
                    egui::RichText::new("Gamepads: press A to join, B to leave")
                        .small()
                        .weak(),
                );
            }
        }
    });
}

fn preset_column(ui: &mut egui::Ui, edit: &mut TableSetup, presets: &Presets) {
    ui.heading("Preset");
    for p in presets.presets(edit.game) {
        let selected = p.name == edit.preset;
        let text = egui::RichText::new(&p.title).strong();
        if ui.selectable_label(selected, text).clicked() && !selected {
            edit.choose_preset(&p.name, presets);
        }
        ui.label(egui::RichText::new(&p.summary).small().weak());
    }
}

fn seats_column(
    ui: &mut egui::Ui,
    edit: &mut TableSetup,
    p: &PresetInfo,
    presets: &Presets,
    seating: &mut Seating,
    pads: &[Entity],
) {
    let (min, max) = edit
        .seat_range(presets)
        .unwrap_or((p.seats.min, p.seats.max));
    ui.heading("Seats");
    ui.label(&p.about);
    ui.add_space(6.0);
    let mut remove = None;
    let can_remove = edit.seats.len() > min as usize;
    for (i, seat) in edit.seats.iter_mut().enumerate() {
        ui.horizontal(|ui| {
            seat_label(ui, i, seat_name(i as u8));
            seat_row(ui, i, seat, seating, pads);
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
        edit.partnerships &= edit.seats.len() == 4;
        if i < seating.devices.len() {
            seating.devices.remove(i);
        }
    }
    if edit.seats.len() < (max as usize).min(crate::game::table::seats::MAX_SEATS)
        && ui.button("➕ Add a seat").clicked()
    {
        edit.fit_seats(edit.seats.len() + 1);
        edit.partnerships &= edit.seats.len() == 4;
    }
    ui.label(
        egui::RichText::new(format!("{min}–{max} seats"))
            .small()
            .weak(),
    );
}

/// One seat: human or AI (a click switches), the AI's level (a click moves to the next), and a
/// human seat's device.
fn seat_row(
    ui: &mut egui::Ui,
    i: usize,
    seat: &mut SeatKind,
    seating: &mut Seating,
    pads: &[Entity],
) {
    match *seat {
        SeatKind::Human => {
            if ui
                .button("Human")
                .on_hover_text("Make this seat an AI")
                .clicked()
            {
                *seat = SeatKind::Ai(Difficulty::Normal);
                // Its pad, if any, is free again.
                seating.bind(i as u8, Device::Pointer);
                return;
            }
            match seating.device(i as u8) {
                Device::Pointer => {
                    ui.label("keyboard and mouse");
                }
                Device::Pad(pad) => {
                    let n = pad_number(pads, pad).map_or("?".into(), |n| n.to_string());
                    ui.label(format!("gamepad {n}"));
                    if ui
                        .small_button("Take with keyboard")
                        .on_hover_text("The keyboard and mouse play this seat")
                        .clicked()
                    {
                        seating.bind(i as u8, Device::Pointer);
                    }
                }
            }
        }
        SeatKind::Ai(level) => {
            if ui
                .button("AI")
                .on_hover_text("Make this seat human")
                .clicked()
            {
                *seat = SeatKind::Human;
                seating.bind(i as u8, Device::Pointer);
            }
            let next = Difficulty::ALL[(Difficulty::ALL
                .iter()
                .position(|d| *d == level)
                .unwrap_or(0)
                + 1)
                % 4];
            if ui
                .button(format!("{level} »"))
                .on_hover_text("The next level")
                .clicked()
            {
                *seat = SeatKind::Ai(next);
            }
        }
    }
}

/// A Kugelbox table's option: how throws score, the preset's way or the other (Smart
/// Calculators' values and operators for Chikugo or Take It; rows and rectangles for practice).
fn kugelbox_options(ui: &mut egui::Ui, edit: &mut TableSetup, presets: &Presets) {
    let Some(preset) = presets.kugelbox.iter().find(|p| p.name == edit.preset) else {
        return;
    };
    let own = preset.variant.scoring;
    let now = edit.scoring.unwrap_or(own);
    ui.add_space(8.0);
    ui.heading("Table");
    ui.horizontal(|ui| {
        ui.label("Scoring");
        for (scoring, name) in [
            (Scoring::Geometry, "rows and rectangles"),
            (Scoring::SmartCalculators, "Smart Calculators"),
        ] {
            if ui.selectable_label(now == scoring, name).clicked() {
                edit.scoring = (scoring != own).then_some(scoring);
            }
        }
    });
}

/// A dominoes table's options: the set (a larger one seats more), partnerships for four, and
/// open hands for family play. Each is a button, so the d-pad and Enter reach it.
fn dominoes_options(ui: &mut egui::Ui, edit: &mut TableSetup, presets: &Presets) {
    ui.add_space(8.0);
    ui.heading("Table");
    ui.horizontal(|ui| {
        ui.label("Set");
        for (set, name) in [
            (None, "double-six"),
            (Some(TileSet::DoubleNine), "double-nine"),
            (Some(TileSet::DoubleTwelve), "double-twelve"),
        ] {
            if ui.selectable_label(edit.set == set, name).clicked() {
                edit.set = set;
                let (min, max) = edit.seat_range(presets).unwrap_or((2, 4));
                let n = edit.seats.len().clamp(min as usize, max as usize);
                edit.fit_seats(n);
            }
        }
    });
    if edit.seats.len() == 4 && edit.may_partner(presets) {
        let text = if edit.partnerships {
            "Partnerships: seats 1 + 3 against 2 + 4"
        } else {
            "Partnerships: off (every seat for itself)"
        };
        if ui.selectable_label(edit.partnerships, text).clicked() {
            edit.partnerships = !edit.partnerships;
        }
    }
    let text = if edit.open_hands {
        "Open hands: every human hand shown (no pass screens)"
    } else {
        "Open hands: off (hands hidden, a pass screen between humans)"
    };
    if ui.selectable_label(edit.open_hands, text).clicked() {
        edit.open_hands = !edit.open_hands;
    }
}
