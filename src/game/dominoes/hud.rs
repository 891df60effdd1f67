//! The dominoes HUD: the open-ends count and each scoring play called out, the seats and their
//! scores against the target, the boneyard, your hand at the bottom (lit where it plays, dimmed
//! where it does not; click a tile, or drag it onto an end), each open end the chosen tile may
//! go on marked with what it would score, the count to announce, Draw and Pass, the Sniff
//! choice, the "Muggins!" window's countdown, the pass screen between human seats, and a hand's
//! end with every hand face up. It only sends intents.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::gamepad::{chosen_end, pad_actions};
use super::play::{DominoesIntent, DominoesPlay, EndChoice, HandChoices, end_line};
use super::pointer::{play_at, pointer_seat};
use super::scene::pip_spots;
use crate::game::table::widgets::{
    ACCENT, IVORY, choice_button, framed, log_panel, on_screen, seat_label,
};
use crate::game::table::{Device, Seating, Settle, TableView};
use crate::game::{MainCamera, Pause};
use crate::physics::tiles::TILE_T;
use crate::rules::dominoes::{Action, HandEnd, Phase, Seat, Tile};
use crate::ui::DrawUi;

pub(super) fn plugin(app: &mut App) {
    let running = in_state(Pause::Running).and_then(resource_exists::<DominoesPlay>);
    app.add_systems(
        EguiPrimaryContextPass,
        (end_marks, draw).chain().in_set(DrawUi).run_if(running),
    );
}

/// A tile's picture in the HUD: standing, `a` on top, lit or dimmed, raised when chosen.
fn paint_tile(painter: &egui::Painter, rect: egui::Rect, tile: Option<Tile>, lit: bool) {
    let (face, pip) = match (tile, lit) {
        (None, _) => (
            egui::Color32::from_rgb(34, 28, 24),
            egui::Color32::TRANSPARENT,
        ),
        (Some(_), true) => (egui::Color32::from_rgb(244, 236, 214), egui::Color32::BLACK),
        (Some(_), false) => (
            egui::Color32::from_rgb(140, 134, 122),
            egui::Color32::from_rgb(60, 58, 54),
        ),
    };
    painter.rect_filled(rect, 5.0, face);
    painter.rect_stroke(
        rect,
        5.0,
        egui::Stroke::new(1.0, egui::Color32::from_rgb(90, 80, 64)),
        egui::StrokeKind::Inside,
    );
    let Some(tile) = tile else { return };
    let c = rect.center();
    let half = rect.height() / 4.0;
    painter.line_segment(
        [
            egui::pos2(rect.left() + 5.0, c.y),
            egui::pos2(rect.right() - 5.0, c.y),
        ],
        egui::Stroke::new(1.5, pip),
    );
    let (a, b) = tile.pips();
    for (n, cy) in [(a, c.y - half), (b, c.y + half)] {
        let (step, r) = if n > 9 {
            (rect.width() * 0.2, rect.width() * 0.065)
        } else {
            (rect.width() * 0.26, rect.width() * 0.085)
        };
        for (u, v) in pip_spots(n) {
            painter.circle_filled(egui::pos2(c.x + u * step, cy + v * step), r, pip);
        }
    }
}

/// "Seat 2 (AI Expert)", "Seat 1 (pad 1)".
fn who(play: &DominoesPlay, seating: &Seating, pads: &[Entity], seat: Seat) -> String {
    seating.who(seat, &play.seats, pads)
}

/// The label of an end: what it scores, and for a Sniff double which way it lies.
fn end_label(play: &DominoesPlay, end: &EndChoice) -> String {
    let way = if end.placement.tile.is_double() && play.game.variant.sniff {
        if end.placement.inline {
            "in line "
        } else {
            "crosswise "
        }
    } else {
        ""
    };
    format!("{way}+{}", end.points)
}

/// Each end the shown hand's chosen tile may go on, marked with what it would score: a click
/// plays there, and a tile dragged from the hand is dropped there.
#[allow(clippy::too_many_arguments)]
fn end_marks(
    mut contexts: EguiContexts,
    play: Res<DominoesPlay>,
    seating: Res<Seating>,
    settle: Res<Settle>,
    mut choices: ResMut<HandChoices>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
    mut intents: MessageWriter<DominoesIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else {
        return Ok(());
    };
    let Some(seat) = play.table.viewer.filter(|s| play.may_move(*s)) else {
        return Ok(());
    };
    let pointer = seating.owns(Device::Pointer, seat, &play.seats);
    let choice = choices.get(seat);
    let Some(tile) = choice.tile else {
        return Ok(());
    };
    let ends = play.ends_for(seat, tile);
    let pad_end = chosen_end(&play, &choice, seat);
    for (i, end) in ends.iter().enumerate() {
        let p = Vec3::new(end.slot.x, TILE_T * 2.0, end.slot.z);
        let Some(screen) = on_screen(ctx, camera, at, p) else {
            continue;
        };
        // A Sniff double's second way at the same end sits a little lower.
        let nudge = if end.placement.inline { 22.0 } else { 0.0 };
        let chosen = pad_end == Some(*end) && !pointer;
        egui::Area::new(egui::Id::new(("end", i)))
            .fixed_pos(egui::pos2(screen.x - 24.0, screen.y - 12.0 + nudge))
            .order(egui::Order::Foreground)
            .show(ctx, |ui| {
                let text =
                    egui::RichText::new(end_label(&play, end))
                        .strong()
                        .color(if end.points > 0 {
                            egui::Color32::from_rgb(255, 214, 120)
                        } else {
                            IVORY
                        });
                // A pad seat's marks show as clearly, but only the pointer presses them.
                let button =
                    choice_button(text, pointer, chosen).wrap_mode(egui::TextWrapMode::Extend);
                let response = ui.add(button);
                let dropped = response.dnd_release_payload::<Tile>().is_some();
                if (response.clicked() || dropped) && settle.ready() {
                    intents.write(DominoesIntent::Act {
                        seat,
                        action: choice.play(end.placement, play.calls()),
                    });
                }
            });
    }
    // The Sniff choice, when an end takes the double either way.
    if let Some((tile, arm)) = choice.sniff {
        let ways: Vec<EndChoice> = ends
            .iter()
            .copied()
            .filter(|e| e.placement.tile == tile && e.placement.arm == arm)
            .collect();
        let mut cancel = false;
        framed(
            ctx,
            "dominoes-sniff",
            egui::Align2::CENTER_CENTER,
            [0.0, -60.0],
            12.0,
            |ui| {
                ui.label(
                    egui::RichText::new(format!("Lay the sniff {tile} in line or crosswise?"))
                        .color(IVORY)
                        .strong(),
                );
                ui.horizontal(|ui| {
                    for way in &ways {
                        if ui.button(end_label(&play, way)).clicked() {
                            play_at(&play, &mut choices, seat, &[*way], &mut intents);
                        }
                    }
                    cancel = ui.button("Cancel").clicked();
                });
            },
        );
        if cancel {
            choices.of(seat).sniff = None;
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    play: Res<DominoesPlay>,
    view: TableView,
    mut choices: ResMut<HandChoices>,
    mut intents: MessageWriter<DominoesIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (seating, pads, title) = (&*view.seating, view.pads(), view.title());
    let ready = view.settle.ready();
    let mine = pointer_seat(&play, seating);
    // The pass screen covers everything.
    if let Some(seat) = play.table.pass_to
        && play.table.reveal.is_none()
    {
        pass_screen(ctx, &play, seating, seat, mine, ready, &mut intents);
        return Ok(());
    }
    framed(
        ctx,
        "dominoes-count",
        egui::Align2::CENTER_TOP,
        [0.0, 10.0],
        10.0,
        |ui| {
            ui.set_min_width(300.0);
            ui.vertical_centered(|ui| {
                count_panel(ui, &play, seating, &pads, mine, ready, &mut intents)
            });
        },
    );
    framed(
        ctx,
        "dominoes-seats",
        egui::Align2::LEFT_TOP,
        [10.0, 10.0],
        10.0,
        |ui| seats_panel(ui, &play, seating, &pads, &title),
    );
    log_panel(
        ctx,
        "dominoes-log",
        egui::Align2::RIGHT_BOTTOM,
        [-10.0, -10.0],
        &play.log,
    );
    if let Some(reveal) = &play.table.reveal {
        reveal_panel(ctx, &play, reveal, mine, ready, &mut intents);
        return Ok(());
    }
    if let Some(seat) = play.table.viewer {
        framed(
            ctx,
            "dominoes-hand",
            egui::Align2::CENTER_BOTTOM,
            [0.0, -8.0],
            8.0,
            |ui| {
                hand_panel(
                    ui,
                    &play,
                    seating,
                    &pads,
                    seat,
                    ready,
                    &mut choices,
                    &mut intents,
                )
            },
        );
    }
    Ok(())
}

/// The open ends' total, the last scoring call-out, whose move, the call window.
fn count_panel(
    ui: &mut egui::Ui,
    play: &DominoesPlay,
    seating: &Seating,
    pads: &[Entity],
    mine: Option<Seat>,
    ready: bool,
    intents: &mut MessageWriter<DominoesIntent>,
) {
    let total = play.game.layout.ends_total();
    ui.label(
        egui::RichText::new(format!("Open ends: {total}"))
            .size(24.0)
            .color(IVORY)
            .strong(),
    );
    if let Some((line, _)) = &play.table.call_out {
        ui.label(
            egui::RichText::new(line)
                .size(20.0)
                .color(egui::Color32::from_rgb(255, 214, 120))
                .strong(),
        );
    }
    match play.game.phase {
        Phase::Call { scorer, said, .. } => {
            let said = if said == 0 {
                "said nothing".to_string()
            } else {
                format!("said {said}")
            };
            ui.label(format!("{} {said}.", who(play, seating, pads, scorer)));
            if play.window_open() {
                ui.label(format!(
                    "\"Muggins!\" may be called for {:.0} s more",
                    play.table.window_left.ceil()
                ));
                if let Some(seat) = mine.filter(|s| play.may_speak().contains(s)) {
                    ui.horizontal(|ui| {
                        let call = ui.add_enabled(ready, egui::Button::new("Muggins!  (M)"));
                        if call.clicked() {
                            intents.write(DominoesIntent::Act {
                                seat,
                                action: Action::Muggins(seat),
                            });
                        }
                        if ui
                            .add_enabled(ready, egui::Button::new("Let it pass"))
                            .clicked()
                        {
                            intents.write(DominoesIntent::Pass { seat });
                        }
                    });
                }
                for s in play.may_speak() {
                    if matches!(seating.device(s), Device::Pad(_)) {
                        ui.label(
                            egui::RichText::new(format!(
                                "{}: [X] Muggins!  [B] let it pass",
                                who(play, seating, pads, s)
                            ))
                            .small(),
                        );
                    }
                }
            }
        }
        Phase::Over => {
            ui.label("The game is over");
        }
        _ => {
            if let Some(seat) = play.mover() {
                ui.label(format!("{} to play", who(play, seating, pads, seat)));
            }
        }
    }
    if let Some(why) = &play.refused {
        ui.colored_label(egui::Color32::LIGHT_RED, why);
    }
}

/// Each seat (or side) with its score against the target and its tiles; the boneyard.
fn seats_panel(
    ui: &mut egui::Ui,
    play: &DominoesPlay,
    seating: &Seating,
    pads: &[Entity],
    title: &str,
) {
    let game = &play.game;
    ui.label(
        egui::RichText::new(format!("Dominoes — {title} · hand {}", game.hand_no + 1))
            .color(IVORY)
            .strong(),
    );
    let scores = game.side_scores();
    for s in 0..game.seats {
        let mark = if play.mover() == Some(s) { "▶ " } else { "" };
        let side = game.side(s) as usize;
        let partner = if game.partnerships {
            format!(" (side {})", side + 1)
        } else {
            String::new()
        };
        seat_label(
            ui,
            s as usize,
            format!(
                "{mark}{}{partner}: {} / {}, {} tiles",
                who(play, seating, pads, s),
                scores[side],
                game.target(),
                game.hands[s as usize].count_ones()
            ),
        );
    }
    let reserve = game.variant.boneyard_reserve as usize;
    let mut line = format!("Boneyard: {}", game.boneyard.len());
    if reserve > 0 {
        line.push_str(&format!(" — {reserve} always stay there"));
    }
    ui.label(line);
}

/// The shown hand at the bottom: its tiles (lit where they play), Sort, Draw or Pass, the count
/// to announce, and a pad seat's button prompts.
#[allow(clippy::too_many_arguments)]
fn hand_panel(
    ui: &mut egui::Ui,
    play: &DominoesPlay,
    seating: &Seating,
    pads: &[Entity],
    seat: Seat,
    ready: bool,
    choices: &mut HandChoices,
    intents: &mut MessageWriter<DominoesIntent>,
) {
    let pointer = seating.owns(Device::Pointer, seat, &play.seats);
    let moving = play.may_move(seat);
    let placements = play.placements(seat);
    let mut choice = choices.get(seat);
    let hand = play.hand(seat, choice.sort);
    ui.horizontal(|ui| {
        seat_label(
            ui,
            seat as usize,
            format!("{} — your hand", who(play, seating, pads, seat)),
        );
        if moving {
            if placements.is_empty() {
                ui.label("Nothing plays.");
            } else {
                ui.label("Choose a tile, then an end (or drag it there).");
            }
        }
    });
    ui.horizontal(|ui| {
        for tile in &hand {
            let lit = !moving || placements.iter().any(|p| p.tile == *tile);
            let chosen = choice.tile == Some(*tile) && moving;
            let size = egui::vec2(38.0, 76.0);
            let id = egui::Id::new(("hand-tile", seat, tile.index()));
            let inner = ui.dnd_drag_source(id, *tile, |ui| {
                let (rect, _) = ui.allocate_exact_size(size, egui::Sense::click());
                let rect = if chosen {
                    rect.translate(egui::vec2(0.0, -8.0))
                } else {
                    rect
                };
                paint_tile(ui.painter(), rect, Some(*tile), lit);
                if chosen {
                    ui.painter().rect_stroke(
                        rect.expand(2.0),
                        6.0,
                        egui::Stroke::new(2.5, ACCENT),
                        egui::StrokeKind::Outside,
                    );
                }
            });
            let r = inner.response;
            if pointer && moving && (r.clicked() || r.drag_started()) && choice.tile != Some(*tile)
            {
                choice.tile = Some(*tile);
                choice.end = 0;
                choice.sniff = None;
            }
        }
    });
    ui.horizontal(|ui| {
        if pointer {
            if ui
                .button(format!("Sort: {}  (S)", choice.sort.name()))
                .clicked()
            {
                choice.sort = choice.sort.next();
            }
            if let Some(a) = play.no_play(seat) {
                let text = if a == Action::Draw {
                    "Draw a tile  (Space)"
                } else {
                    "Pass  (Space)"
                };
                if ui.add_enabled(ready, egui::Button::new(text)).clicked() {
                    intents.write(DominoesIntent::Act { seat, action: a });
                }
            }
            if play.calls() && moving && !placements.is_empty() {
                ui.label("Say the count:");
                ui.add(
                    egui::TextEdit::singleline(&mut choice.announce)
                        .desired_width(48.0)
                        .hint_text("—"),
                );
            }
        } else {
            let prompts: Vec<String> = pad_actions(play, &choice, seat)
                .iter()
                .map(|a| format!("[{}] {}", a.control, a.what))
                .collect();
            ui.label(egui::RichText::new(prompts.join("   ")).color(IVORY));
        }
        let reserve = play.game.variant.boneyard_reserve as usize;
        if moving && placements.is_empty() && reserve > 0 && play.game.drawable() == 0 {
            ui.label(format!(
                "The last {reserve} tiles stay in the boneyard: pass."
            ));
        }
    });
    choice.announce.retain(|c| c.is_ascii_digit());
    choice.announce.truncate(3);
    if choices.get(seat) != choice {
        *choices.of(seat) = choice;
    }
}

/// "Pass to Seat 3": every hand covered until that player says they are ready, with what
/// happened since they last looked.
fn pass_screen(
    ctx: &egui::Context,
    play: &DominoesPlay,
    seating: &Seating,
    seat: Seat,
    mine: Option<Seat>,
    ready: bool,
    intents: &mut MessageWriter<DominoesIntent>,
) {
    let how = match seating.device(seat) {
        Device::Pad(_) => "press A when ready",
        Device::Pointer => "click or press Enter when ready",
    };
    let screen = ctx.viewport_rect();
    egui::Area::new(egui::Id::new("dominoes-pass"))
        .fixed_pos(screen.min)
        .order(egui::Order::Foreground)
        .show(ctx, |ui| {
            ui.painter()
                .rect_filled(screen, 0.0, egui::Color32::from_rgb(24, 18, 14));
            ui.set_min_size(screen.size());
            ui.vertical_centered(|ui| {
                ui.add_space(120.0);
                ui.label(
                    egui::RichText::new(format!(
                        "Pass to {} — {how}",
                        crate::game::table::seat_name(seat)
                    ))
                    .size(32.0)
                    .color(IVORY)
                    .strong(),
                );
                ui.add_space(12.0);
                let since = play.since_looked(seat);
                if !since.is_empty() {
                    ui.label(egui::RichText::new("Since you last looked:").color(ACCENT));
                    let skip = since.len().saturating_sub(12);
                    for line in &since[skip..] {
                        ui.label(line);
                    }
                }
                ui.add_space(16.0);
                if mine == Some(seat)
                    && ui
                        .add_enabled(
                            ready,
                            egui::Button::new(egui::RichText::new("Ready").size(20.0)),
                        )
                        .clicked()
                {
                    intents.write(DominoesIntent::Pass { seat });
                }
            });
        });
}

/// A hand's end: every hand face up, its pips, the rounding and the bonus as the rules scored
/// them, and the running scores against the target.
fn reveal_panel(
    ctx: &egui::Context,
    play: &DominoesPlay,
    reveal: &super::play::HandReveal,
    mine: Option<Seat>,
    ready: bool,
    intents: &mut MessageWriter<DominoesIntent>,
) {
    let how = match reveal.end {
        HandEnd::Domino(s) => format!("{} is out — domino!", crate::game::table::seat_name(s)),
        HandEnd::Blocked => "The hand is blocked".into(),
    };
    framed(
        ctx,
        "dominoes-reveal",
        egui::Align2::CENTER_BOTTOM,
        [0.0, -10.0],
        12.0,
        |ui| {
            ui.label(
                egui::RichText::new(format!("Hand {}: {how}", reveal.hand))
                    .size(22.0)
                    .color(IVORY)
                    .strong(),
            );
            for (s, tiles) in reveal.hands.iter().enumerate() {
                ui.horizontal(|ui| {
                    seat_label(ui, s, crate::game::table::seat_name(s as u8));
                    for t in tiles {
                        let (rect, _) =
                            ui.allocate_exact_size(egui::vec2(22.0, 44.0), egui::Sense::hover());
                        paint_tile(ui.painter(), rect, Some(*t), true);
                    }
                    ui.label(end_line(reveal, s as u8));
                });
            }
            let scores: Vec<String> = reveal
                .scores
                .iter()
                .enumerate()
                .map(|(side, p)| {
                    let name = if play.game.partnerships {
                        format!("Side {}", side + 1)
                    } else {
                        crate::game::table::seat_name(side as u8)
                    };
                    format!("{name} {p}")
                })
                .collect();
            ui.label(format!(
                "Scores: {}  (to {})",
                scores.join(" · "),
                reveal.target
            ));
            if play.game.outcome.is_some() {
                ui.label(egui::RichText::new("The game is over").color(ACCENT));
            } else if let Some(seat) = mine {
                if ui
                    .add_enabled(ready, egui::Button::new("Next hand  (Enter / A)"))
                    .clicked()
                {
                    intents.write(DominoesIntent::Pass { seat });
                }
            } else if play.humans().is_empty() {
                ui.label("The next hand is dealt in a moment");
            } else {
                ui.label("A gamepad's A deals the next hand");
            }
        },
    );
}
