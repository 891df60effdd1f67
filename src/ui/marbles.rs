//! The MUGGINS! HUD: whose turn, the dice, what the human seats may do now (roll, place, "no
//! move", challenge, "Muggins!", take a marble off), each seat's tray and score, the numbers of
//! the holes, the learning mode's answers and a rules page. It only sends intents.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{ACCENT, DrawUi, IVORY, framed, seat_colour, seat_label};
use crate::game::marbles::play::{MarblesIntent, MarblesPlay};
use crate::game::marbles::{BOARD_TOP, space_position};
use crate::game::{MainCamera, Pause, Presets, Table};
use crate::rules::marbles::solve::totals_of;
use crate::rules::marbles::{Action, MarblesMode, Phase, Seat, Window};
use crate::table::SeatKind;

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
    app.init_resource::<MarblesHud>().add_systems(
        EguiPrimaryContextPass,
        (hole_numbers, draw)
            .chain()
            .in_set(DrawUi)
            .run_if(in_state(Pause::Running).and_then(resource_exists::<MarblesPlay>)),
    );
}

fn who(play: &MarblesPlay, seat: Seat) -> String {
    match play.seats.get(seat as usize) {
        Some(SeatKind::Ai(level)) => format!("Seat {} (AI {level})", seat + 1),
        _ => format!("Seat {}", seat + 1),
    }
}

/// The number of each open hole, written beside it on the board (lit when the roll makes it and
/// the answers are shown).
fn hole_numbers(
    mut contexts: EguiContexts,
    play: Res<MarblesPlay>,
    hud: Res<MarblesHud>,
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
    for n in 1..=play.game.variant.board as usize {
        // Just outside the hole, towards the board's rim.
        let p = space_position(n) * 1.17 + Vec3::Y * BOARD_TOP;
        let Ok(screen) = camera.world_to_viewport(at, p) else {
            continue;
        };
        let lit = makes & 1u64 << n != 0 && play.game.at(n as u8).is_none();
        let colour = if lit { ACCENT } else { IVORY };
        let size = if lit { 17.0 } else { 14.0 };
        painter.text(
            egui::pos2(screen.x, screen.y),
            egui::Align2::CENTER_CENTER,
            n.to_string(),
            egui::FontId::proportional(size),
            colour,
        );
    }
    Ok(())
}

fn draw(
    mut contexts: EguiContexts,
    play: Res<MarblesPlay>,
    mut hud: ResMut<MarblesHud>,
    table: Res<Table>,
    presets: Res<Presets>,
    mut intents: MessageWriter<MarblesIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let game = &play.game;
    // The learning mode is offered on the starter and junior levels.
    let learning = matches!(table.preset.as_str(), "starter" | "junior");
    if !learning {
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
            ui.vertical_centered(|ui| turn_panel(ui, &play, &mut hud, &mut intents));
        },
    );
    framed(
        ctx,
        "marbles-seats",
        egui::Align2::RIGHT_TOP,
        [-10.0, 54.0],
        10.0,
        |ui| {
            let title = presets
                .find(table.game, &table.preset)
                .map_or(String::new(), |p| p.title);
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
                        who(&play, s),
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
                if learning {
                    ui.checkbox(&mut hud.show_answers, "Show answers");
                }
                if ui.button("Rules").clicked() {
                    hud.rules_open = !hud.rules_open;
                }
            });
        },
    );
    framed(
        ctx,
        "marbles-log",
        egui::Align2::LEFT_BOTTOM,
        [10.0, -10.0],
        8.0,
        |ui| {
            ui.set_max_width(360.0);
            for line in play.log.iter().rev().take(5).rev() {
                ui.label(egui::RichText::new(line).small());
            }
        },
    );
    if hud.show_answers
        && let Phase::Place { dice, .. } = game.phase
    {
        framed(
            ctx,
            "marbles-answers",
            egui::Align2::LEFT_TOP,
            [10.0, 54.0],
            8.0,
            |ui| {
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
            },
        );
    }
    if hud.rules_open {
        let mut open = true;
        egui::Window::new("Rules of MUGGINS!")
            .open(&mut open)
            .default_width(460.0)
            .show(ctx, |ui| {
                for line in RULES {
                    ui.label(*line);
                }
            });
        hud.rules_open = open;
    }
    Ok(())
}

const RULES: &[&str] = &[
    "Roll three dice and make a number from them with the allowed operations (+ − × ÷), using each die once: 1, 3, 6 make 8 (6 + 3 − 1), 17 (6 × 3 − 1), 3 and more.",
    "Put a marble on that number's open hole. If no open number can be made, say \"no move\".",
    "On levels with bluffing you may place anywhere; an opponent may challenge. A caught bluff loses that marble and one more of the challenger's choice; a wrong challenge costs the challenger a marble.",
    "After a \"no move\", an opponent who sees a number that could be made calls \"Muggins!\" and places a marble there.",
    "Triples: take one marble off the board from each opponent, then place as usual.",
    "The game ends when the board is full, a tray is empty, or three rounds pass without a marble placed. Each marble scores 1; runs of your colour score 2 (two), 5 (three), 7 (four), 10 (five or more), around the ring.",
];

/// The middle panel: the moment, the dice, and the buttons of whoever is human and may act.
fn turn_panel(
    ui: &mut egui::Ui,
    play: &MarblesPlay,
    hud: &mut MarblesHud,
    intents: &mut MessageWriter<MarblesIntent>,
) {
    let game = &play.game;
    let headline = |ui: &mut egui::Ui, text: String, seat: Option<Seat>| {
        let colour = seat.map_or(IVORY, |s| seat_colour(s as usize));
        ui.label(egui::RichText::new(text).size(20.0).color(colour).strong());
    };
    if play.replay.is_some() {
        ui.label(egui::RichText::new("Replay of a saved game").color(ACCENT));
    }
    if let Some(o) = &game.outcome {
        let winners: Vec<String> = o.winners.iter().map(|w| who(play, *w)).collect();
        let text = if winners.is_empty() {
            "Game over".to_string()
        } else {
            format!(
                "Game over — {} {}",
                winners.join(" and "),
                if winners.len() > 1 { "win" } else { "wins" }
            )
        };
        headline(ui, text, o.winners.first().copied());
        return;
    }
    if play.dice.tray.rolling() {
        let seat = play.dice.seat.unwrap_or(0);
        headline(ui, format!("{} rolls…", who(play, seat)), Some(seat));
        return;
    }
    let dice_line = |ui: &mut egui::Ui, dice: [u8; 3]| {
        ui.label(
            egui::RichText::new(format!("Dice: {}  {}  {}", dice[0], dice[1], dice[2]))
                .size(22.0)
                .color(IVORY),
        );
    };
    // The window after a move: the human opponents' buttons, with the time they have.
    let speakers = play.may_speak();
    let mut pass = false;
    if let Some(w) = game.window
        && !speakers.is_empty()
        && play.window_left > 0.0
    {
        match w {
            Window::Placed {
                seat, space, dice, ..
            } => {
                headline(
                    ui,
                    format!(
                        "{} placed on {space} · {}",
                        who(play, seat),
                        dice_words(dice)
                    ),
                    Some(seat),
                );
                ui.horizontal(|ui| {
                    ui.label(format!("Challenge? {:.0} s", play.window_left.ceil()));
                    for s in &speakers {
                        if ui.button(format!("Seat {}: Challenge!", s + 1)).clicked() {
                            intents.write(MarblesIntent::Act {
                                seat: *s,
                                action: Action::Challenge(*s),
                            });
                        }
                    }
                    pass |= ui.button("Let it pass (Space)").clicked();
                });
            }
            Window::NoMove { seat, dice } => {
                headline(
                    ui,
                    format!("{}: no move · {}", who(play, seat), dice_words(dice)),
                    Some(seat),
                );
                ui.horizontal(|ui| {
                    ui.label(format!(
                        "Can you make an open number? {:.0} s",
                        play.window_left.ceil()
                    ));
                    ui.add(egui::TextEdit::singleline(&mut hud.entry).desired_width(48.0));
                    for s in &speakers {
                        if ui.button(format!("Seat {}: Muggins!", s + 1)).clicked() {
                            match hud.entry.trim().parse::<u8>() {
                                Ok(space) => {
                                    intents.write(MarblesIntent::Act {
                                        seat: *s,
                                        action: Action::Muggins { seat: *s, space },
                                    });
                                    hud.entry.clear();
                                }
                                Err(_) => hud.note = Some("Type the number you can make".into()),
                            }
                        }
                    }
                    pass |= ui.button("Let it pass (Space)").clicked();
                });
            }
        }
        if pass || ui.input(|i| i.key_pressed(egui::Key::Space)) {
            hud.note = None;
            for s in speakers {
                intents.write(MarblesIntent::Pass { seat: s });
            }
        }
        refused(ui, play, &hud.note);
        return;
    }
    let Some(actor) = game.actor() else { return };
    let human = play.is_human(actor);
    match &game.phase {
        Phase::Roll { .. } | Phase::RollOff { .. } | Phase::DishesRoll { .. } => {
            let what = if matches!(game.phase, Phase::RollOff { .. }) {
                "roll for the first turn"
            } else {
                "roll"
            };
            headline(ui, format!("{} to {what}", who(play, actor)), Some(actor));
            if human && play.thrower() == Some(actor) {
                if ui.button("Roll the dice (Space)").clicked() {
                    intents.write(MarblesIntent::Throw {
                        seat: actor,
                        flick: None,
                    });
                }
                ui.label(egui::RichText::new("or drag across the table to flick them").small());
            }
        }
        Phase::Place { dice, .. } => {
            headline(ui, format!("{} to place", who(play, actor)), Some(actor));
            dice_line(ui, *dice);
            if human {
                ui.label("Click a hole, or type its number:");
                ui.horizontal(|ui| {
                    let typed =
                        ui.add(egui::TextEdit::singleline(&mut hud.entry).desired_width(48.0));
                    let enter = typed.lost_focus() && ui.input(|i| i.key_pressed(egui::Key::Enter));
                    if ui.button("Place").clicked() || enter {
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
                    if ui.button("No move").clicked() {
                        intents.write(MarblesIntent::Act {
                            seat: actor,
                            action: Action::NoMove,
                        });
                    }
                });
            }
        }
        Phase::Triples { dice, from, .. } => {
            headline(
                ui,
                format!("Triples! {} takes a marble", who(play, actor)),
                Some(actor),
            );
            dice_line(ui, *dice);
            if human {
                let names: Vec<String> = from.iter().map(|s| format!("Seat {}", s + 1)).collect();
                ui.label(format!("Click a lit marble of {}", names.join(" or ")));
            }
        }
        Phase::Penalty { victim, .. } => {
            headline(
                ui,
                format!("{} takes a marble of Seat {}", who(play, actor), victim + 1),
                Some(actor),
            );
            if human {
                ui.label("Click one of the lit marbles");
            }
        }
        Phase::Over => {}
    }
    refused(ui, play, &hud.note);
}

/// "dice 6 4 6".
fn dice_words(dice: [u8; 3]) -> String {
    format!("dice {} {} {}", dice[0], dice[1], dice[2])
}

/// Why the last thing a human tried was refused, by the rules or by the entry.
fn refused(ui: &mut egui::Ui, play: &MarblesPlay, note: &Option<String>) {
    for why in [&play.refused, note].into_iter().flatten() {
        ui.label(egui::RichText::new(why).color(egui::Color32::from_rgb(230, 110, 90)));
    }
}
