//! The MUGGINS! HUD: whose turn, the dice, what the human seats may do now (roll, place, "no
//! move", challenge, "Muggins!", take a marble off) — buttons for the seats on the keyboard and
//! mouse, button prompts for the seats on a gamepad — each seat's tray and score, the numbers
//! of the holes with each pad's cursor, the learning mode's answers and a rules page. It only
//! sends intents.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::gamepad::{PadCursors, pad_actions};
use super::play::{MarblesIntent, MarblesPlay};
use super::{BOARD_TOP, space_position};
use crate::game::table::widgets::{
    ACCENT, IVORY, framed, log_panel, on_screen, seat_colour, seat_label, seat_mark,
};
use crate::game::table::{Device, Seating, TableView};
use crate::game::{MainCamera, Pause};
use crate::rules::marbles::score::run_bonuses_text;
use crate::rules::marbles::solve::totals_of;
use crate::rules::marbles::{Action, MarblesMode, Phase, Seat, Window};
use crate::ui::DrawUi;

/// The HUD's own settings and typing.
#[derive(Resource, Default, Debug)]
pub struct MarblesHud {
    /// The number typed to place (or to call "Muggins!" on).
    pub entry: String,
    pub show_answers: bool,
    pub rules_open: bool,
    /// What was wrong with the last entry.
    pub note: Option<String>,
}

pub(super) fn plugin(app: &mut App) {
    let running = in_state(Pause::Running).and_then(resource_exists::<MarblesPlay>);
    app.init_resource::<MarblesHud>()
        .add_systems(
            EguiPrimaryContextPass,
            (hole_numbers, draw)
                .chain()
                .in_set(DrawUi)
                .run_if(running.clone()),
        )
        .add_systems(Update, rules_keys.run_if(running));
}

/// What the HUD reads each frame.
struct View<'a> {
    play: &'a MarblesPlay,
    seating: &'a Seating,
    pads: &'a [Entity],
    cursors: &'a PadCursors,
    ready: bool,
}

impl View<'_> {
    /// "Seat 2 (AI Expert)", "Seat 1 (pad 1)".
    fn who(&self, seat: Seat) -> String {
        self.seating.who(seat, &self.play.seats, self.pads)
    }

    /// Whether the keyboard and mouse act for `seat`.
    fn pointer(&self, seat: Seat) -> bool {
        self.seating.owns(Device::Pointer, seat, &self.play.seats)
    }

    /// A seat's gamepad, if it plays with one.
    fn pad(&self, seat: Seat) -> bool {
        self.play.is_human(seat) && matches!(self.seating.device(seat), Device::Pad(_))
    }
}

/// The number of each open hole, written beside it on the board (lit when the roll makes it and
/// the answers are shown), and each pad seat's cursor as a ring in its colour.
fn hole_numbers(
    mut contexts: EguiContexts,
    play: Res<MarblesPlay>,
    hud: Res<MarblesHud>,
    seating: Res<Seating>,
    cursors: Res<PadCursors>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    let makes = match play.game.phase {
        Phase::Place { dice, .. } if hud.show_answers => play.game.makes(dice),
        _ => 0,
    };
    let spot = |p: Vec3| on_screen(ctx, camera, at, p);
    for n in 1..=play.game.variant.board as usize {
        // Just outside the hole, towards the board's rim.
        let Some(screen) = spot(space_position(n) * 1.17 + Vec3::Y * BOARD_TOP) else {
            continue;
        };
        let lit = makes & 1u64 << n != 0 && play.game.at(n as u8).is_none();
        let colour = if lit { ACCENT } else { IVORY };
        let size = if lit { 17.0 } else { 14.0 };
        painter.text(
            screen,
            egui::Align2::CENTER_CENTER,
            n.to_string(),
            egui::FontId::proportional(size),
            colour,
        );
    }
    // Pad cursors, where the seat may point now.
    for seat in 0..play.game.seats {
        if !play.is_human(seat) || !matches!(seating.device(seat), Device::Pad(_)) {
            continue;
        }
        if super::gamepad::cursor_spaces(&play.game, seat) == 0 {
            continue;
        }
        let n = cursors.of(seat) as usize;
        if let Some(c) = spot(space_position(n) + Vec3::Y * BOARD_TOP) {
            painter.circle_stroke(c, 13.0, egui::Stroke::new(3.0, seat_colour(seat as usize)));
            seat_mark(&painter, c + egui::vec2(15.0, -15.0), 6.0, seat as usize);
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    play: Res<MarblesPlay>,
    mut hud: ResMut<MarblesHud>,
    table: TableView,
    cursors: Res<PadCursors>,
    mut intents: MessageWriter<MarblesIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let pads = table.pads();
    let view = View {
        play: &play,
        seating: &table.seating,
        pads: &pads,
        cursors: &cursors,
        ready: table.settle.ready(),
    };
    if !play.game.variant.learning {
        hud.show_answers = false;
    }
    framed(
        ctx,
        "marbles-turn",
        egui::Align2::CENTER_TOP,
        [0.0, 10.0],
        10.0,
        |ui| {
            ui.set_min_width(380.0);
            ui.vertical_centered(|ui| turn_panel(ui, &view, &mut hud, &mut intents));
        },
    );
    let title = table.title();
    framed(
        ctx,
        "marbles-seats",
        egui::Align2::RIGHT_TOP,
        [-10.0, 54.0],
        10.0,
        |ui| seats_panel(ui, &view, &mut hud, &title),
    );
    log_panel(
        ctx,
        "marbles-log",
        egui::Align2::LEFT_BOTTOM,
        [10.0, -10.0],
        &play.log,
    );
    if hud.show_answers
        && let Phase::Place { dice, .. } = play.game.phase
    {
        framed(
            ctx,
            "marbles-answers",
            egui::Align2::LEFT_TOP,
            [10.0, 54.0],
            8.0,
            |ui| answers(ui, &play, dice),
        );
    }
    rules_window(ctx, &mut hud);
    Ok(())
}

/// The rules page, while it is open.
fn rules_window(ctx: &egui::Context, hud: &mut MarblesHud) {
    if !hud.rules_open {
        return;
    }
    let mut open = true;
    egui::Window::new("Rules of MUGGINS!")
        .open(&mut open)
        .default_width(460.0)
        .show(ctx, |ui| {
            for line in rules_text() {
                ui.label(line);
            }
            ui.label(egui::RichText::new("F1 or a gamepad's Select closes this page").small());
        });
    hud.rules_open = open;
}

/// F1, or any seated gamepad's Select (Back, View), opens and closes the rules page.
fn rules_keys(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pads: Query<&Gamepad>,
    mut hud: ResMut<MarblesHud>,
) {
    let key = keys.is_some_and(|k| k.just_pressed(KeyCode::F1));
    if key || pads.iter().any(|p| p.just_pressed(GamepadButton::Select)) {
        hud.rules_open = !hud.rules_open;
    }
}

/// Each seat's tray and running score, the answers switch and the rules button.
fn seats_panel(ui: &mut egui::Ui, view: &View, hud: &mut MarblesHud, title: &str) {
    let game = &view.play.game;
    ui.label(
        egui::RichText::new(format!("MUGGINS! — {title}"))
            .color(IVORY)
            .strong(),
    );
    for s in 0..game.seats {
        let score = game.score_of(game.marbles[s as usize]);
        let mark = if game.actor() == Some(s) { "▶ " } else { "" };
        seat_label(
            ui,
            s as usize,
            format!(
                "{mark}{}: {} in tray, {} point{}",
                view.who(s),
                game.trays[s as usize],
                score.total,
                if score.total == 1 { "" } else { "s" }
            ),
        );
    }
    if game.variant.mode == MarblesMode::Solitaire {
        ui.label(format!("Set aside: {}", game.set_aside));
    }
    ui.horizontal(|ui| {
        if game.variant.learning {
            ui.checkbox(&mut hud.show_answers, "Show answers");
        }
        if ui.button("Rules (F1)").clicked() {
            hud.rules_open = !hud.rules_open;
        }
    });
}

/// Every total the roll makes, taken ones in brackets (the learning mode).
fn answers(ui: &mut egui::Ui, play: &MarblesPlay, dice: [u8; 3]) {
    let game = &play.game;
    ui.set_max_width(240.0);
    ui.label(egui::RichText::new("This roll makes").color(IVORY));
    let all: Vec<String> = totals_of(game.makes(dice))
        .map(|t| {
            if game.at(t as u8).is_some() {
                format!("({t})")
            } else {
                t.to_string()
            }
        })
        .collect();
    ui.label(all.join(" "));
    ui.label(egui::RichText::new("(taken in brackets)").small());
}

/// The rules page; the run bonuses come from the rules' own scoring.
fn rules_text() -> Vec<String> {
    vec![
        "Roll three dice and make a number from them with the allowed operations (+ − × ÷), using each die once: 1, 3, 6 make 8 (6 + 3 − 1), 17 (6 × 3 − 1), 3 and more.".into(),
        "Put a marble on that number's open hole. If no open number can be made, say \"no move\".".into(),
        "On levels with bluffing you may place anywhere; an opponent may challenge. A caught bluff loses that marble and one more of the challenger's choice; a wrong challenge costs the challenger a marble.".into(),
        "After a \"no move\", an opponent who sees a number that could be made calls \"Muggins!\" and places a marble there.".into(),
        "Triples: take one marble off the board from each opponent, then place as usual.".into(),
        format!(
            "The game ends when the board is full, a tray is empty, or three rounds pass without a marble placed. Each marble scores 1; runs of your colour score {}, around the ring.",
            run_bonuses_text()
        ),
    ]
}

fn headline(ui: &mut egui::Ui, text: String, seat: Option<Seat>) {
    let colour = seat.map_or(IVORY, |s| seat_colour(s as usize));
    ui.label(egui::RichText::new(text).size(20.0).color(colour).strong());
}

fn dice_line(ui: &mut egui::Ui, dice: [u8; 3]) {
    ui.label(
        egui::RichText::new(format!("Dice: {}  {}  {}", dice[0], dice[1], dice[2]))
            .size(22.0)
            .color(IVORY),
    );
}

/// A button that holds still (greyed) while the controls have just changed.
fn button(ui: &mut egui::Ui, view: &View, text: impl Into<String>) -> bool {
    ui.add_enabled(view.ready, egui::Button::new(text.into()))
        .clicked()
}

/// The middle panel: the moment, the dice, and what each human seat may do.
fn turn_panel(
    ui: &mut egui::Ui,
    view: &View,
    hud: &mut MarblesHud,
    intents: &mut MessageWriter<MarblesIntent>,
) {
    let play = view.play;
    let game = &play.game;
    if play.replay.is_some() {
        ui.label(egui::RichText::new("Replay of a saved game").color(ACCENT));
    }
    if let Some(o) = &game.outcome {
        let winners: Vec<String> = o.winners.iter().map(|w| view.who(*w)).collect();
        let text = match winners.len() {
            0 => "Game over".to_string(),
            1 => format!("Game over — {} wins", winners[0]),
            _ => format!("Game over — {} win", winners.join(" and ")),
        };
        headline(ui, text, o.winners.first().copied());
        return;
    }
    if !play.still() {
        let seat = play.table.dice.seat.unwrap_or(0);
        headline(ui, format!("{} rolls…", view.who(seat)), Some(seat));
        return;
    }
    if play.window_open() && !play.may_speak().is_empty() {
        window_row(ui, view, hud, intents);
    } else {
        turn_row(ui, view, hud, intents);
    }
    for why in [&play.refused, &hud.note].into_iter().flatten() {
        ui.label(egui::RichText::new(why).color(egui::Color32::from_rgb(230, 110, 90)));
    }
}

/// The window after a move: the human opponents' buttons (pointer seats) or prompts (pad
/// seats), with the time they have.
fn window_row(
    ui: &mut egui::Ui,
    view: &View,
    hud: &mut MarblesHud,
    intents: &mut MessageWriter<MarblesIntent>,
) {
    let play = view.play;
    let Some(w) = play.game.window else { return };
    let speakers = play.may_speak();
    let (seat, dice) = (w.mover(), w.dice());
    let words = format!("dice {} {} {}", dice[0], dice[1], dice[2]);
    let left = play.table.window_left.ceil();
    match w {
        Window::Placed { space, .. } => {
            headline(
                ui,
                format!("{} placed on {space} · {words}", view.who(seat)),
                Some(seat),
            );
            ui.label(format!("Challenge? {left:.0} s"));
        }
        Window::NoMove { .. } => {
            headline(
                ui,
                format!("{}: no move · {words}", view.who(seat)),
                Some(seat),
            );
            ui.label(format!("Can you make an open number? {left:.0} s"));
        }
    }
    let mut pass = false;
    ui.horizontal(|ui| {
        if matches!(w, Window::NoMove { .. }) && speakers.iter().any(|s| view.pointer(*s)) {
            ui.add(egui::TextEdit::singleline(&mut hud.entry).desired_width(48.0));
        }
        for s in speakers.iter().filter(|s| view.pointer(**s)) {
            let s = *s;
            let action = match w {
                Window::Placed { .. } => {
                    if !button(ui, view, format!("Seat {}: Challenge!", s + 1)) {
                        continue;
                    }
                    Action::Challenge(s)
                }
                Window::NoMove { .. } => {
                    if !button(ui, view, format!("Seat {}: Muggins!", s + 1)) {
                        continue;
                    }
                    match hud.entry.trim().parse::<u8>() {
                        Ok(space) => {
                            hud.entry.clear();
                            Action::Muggins { seat: s, space }
                        }
                        Err(_) => {
                            hud.note = Some("Type the number you can make".into());
                            continue;
                        }
                    }
                }
            };
            intents.write(MarblesIntent::Act { seat: s, action });
        }
        if speakers.iter().any(|s| view.pointer(*s)) {
            pass |= button(ui, view, "Let it pass (Space)");
        }
    });
    pad_prompts(ui, view, &speakers);
    let space = ui.input(|i| i.key_pressed(egui::Key::Space)) && view.ready;
    if pass || space {
        hud.note = None;
        for s in speakers.into_iter().filter(|s| view.pointer(*s)) {
            intents.write(MarblesIntent::Pass { seat: s });
        }
    }
}

/// Each pad seat's prompts: the buttons of its pad and what they do now.
fn pad_prompts(ui: &mut egui::Ui, view: &View, seats: &[Seat]) {
    for &s in seats.iter().filter(|s| view.pad(**s)) {
        let actions = pad_actions(view.play, s, view.cursors.of(s));
        if actions.is_empty() {
            continue;
        }
        let line: Vec<String> = actions
            .iter()
            .map(|a| format!("[{}] {}", a.control, a.what))
            .collect();
        seat_label(
            ui,
            s as usize,
            format!("{}: {}", view.who(s), line.join("   ")),
        );
    }
}

/// The turn: who is to roll, place or take a marble off, and their buttons or prompts.
fn turn_row(
    ui: &mut egui::Ui,
    view: &View,
    hud: &mut MarblesHud,
    intents: &mut MessageWriter<MarblesIntent>,
) {
    let play = view.play;
    let game = &play.game;
    let Some(actor) = game.actor() else { return };
    let mine = view.pointer(actor);
    match &game.phase {
        Phase::Roll { .. } | Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
            let what = if matches!(game.phase, Phase::RollOff { .. }) {
                "roll for the first turn"
            } else {
                "roll"
            };
            headline(ui, format!("{} to {what}", view.who(actor)), Some(actor));
            if mine && play.thrower() == Some(actor) {
                if button(ui, view, "Roll the dice (Space)") {
                    intents.write(MarblesIntent::Throw {
                        seat: actor,
                        flick: None,
                    });
                }
                ui.label(egui::RichText::new("or drag across the table to flick them").small());
            }
        }
        Phase::Place { dice, .. } => {
            headline(ui, format!("{} to place", view.who(actor)), Some(actor));
            dice_line(ui, *dice);
            if mine {
                place_row(ui, view, actor, hud, intents);
            }
        }
        Phase::Triples { dice, from, .. } => {
            headline(
                ui,
                format!("Triples! {} takes a marble", view.who(actor)),
                Some(actor),
            );
            dice_line(ui, *dice);
            if mine {
                let names: Vec<String> = from.iter().map(|s| format!("Seat {}", s + 1)).collect();
                ui.label(format!("Click a lit marble of {}", names.join(" or ")));
            }
        }
        Phase::Penalty { victim, .. } => {
            headline(
                ui,
                format!("{} takes a marble of Seat {}", view.who(actor), victim + 1),
                Some(actor),
            );
            if mine {
                ui.label("Click one of the lit marbles");
            }
        }
        Phase::Over => {}
    }
    pad_prompts(ui, view, &[actor]);
}

/// Place by typing a hole's number, or say "no move".
fn place_row(
    ui: &mut egui::Ui,
    view: &View,
    actor: Seat,
    hud: &mut MarblesHud,
    intents: &mut MessageWriter<MarblesIntent>,
) {
    ui.label("Click a hole, or type its number:");
    ui.horizontal(|ui| {
        let typed = ui.add(egui::TextEdit::singleline(&mut hud.entry).desired_width(48.0));
        let enter = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
        if button(ui, view, "Place") || enter && view.ready {
            match hud.entry.trim().parse::<u8>() {
                Ok(space) => {
                    intents.write(MarblesIntent::Act {
                        seat: actor,
                        action: Action::Place(space),
                    });
                    hud.entry.clear();
                    hud.note = None;
                }
                Err(_) => hud.note = Some("Type the number of a hole".into()),
            }
        }
        if button(ui, view, "No move") {
            intents.write(MarblesIntent::Act {
                seat: actor,
                action: Action::NoMove,
            });
        }
    });
}
