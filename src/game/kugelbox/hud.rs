//! The Kugelbox HUD: what is being played and whose throw, the seats with their chips (and in
//! Chikugo the round's lowest so far and who is out), the last throw's score ("3 × 4 = 12") with
//! its instant replay, the chip choice after a throw (lay-out, or a steal in Take It), the
//! practice tally of the holes hit, the chips' faces and the Smart Calculators' values and
//! operators printed on the box's near edge, and the pull's strength while aiming. It only
//! sends intents.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::gamepad::pad_prompt;
use super::play::{KugelIntent, KugelPlay, finish_name, score_line, stage_name};
use super::pointer::{Aim, pointer_seat};
use super::scene::{CHIP_R, CHIP_T, ChipPiece, ChipPlace, hole_top};
use crate::game::table::widgets::{
    ACCENT, IVORY, choice_button, framed, log_panel, on_screen, seat_label,
};
use crate::game::table::{Seating, TableView};
use crate::game::{MainCamera, Pause};
use crate::physics::kugel::{GRID, PITCH};
use crate::rules::kugelbox::{CalcOp, Hole, KugelGame, Phase, Scoring, Seat, Stage};
use crate::ui::DrawUi;

/// Gold, for scores and the lit holes' words.
const GOLD: egui::Color32 = egui::Color32::from_rgb(255, 214, 120);

pub(super) fn plugin(app: &mut App) {
    let running = in_state(Pause::Running).and_then(resource_exists::<KugelPlay>);
    app.add_systems(
        EguiPrimaryContextPass,
        (labels, draw).chain().in_set(DrawUi).run_if(running),
    );
}

/// Words drawn over the table: each face-up chip's face, and the Smart Calculators' value and
/// operator of each column at the box's near edge.
fn labels(
    mut contexts: EguiContexts,
    play: Res<KugelPlay>,
    chips: Query<(&ChipPiece, &Transform)>,
    camera: Query<(&Camera, &GlobalTransform), With<MainCamera>>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let Ok((camera, at)) = camera.single() else {
        return Ok(());
    };
    let painter = ctx.layer_painter(egui::LayerId::background());
    for (piece, t) in &chips {
        if piece.place == ChipPlace::Down {
            continue;
        }
        let top = t.translation + Vec3::Y * CHIP_T;
        let (Some(p), Some(rim)) = (
            on_screen(ctx, camera, at, top),
            on_screen(ctx, camera, at, top + Vec3::X * CHIP_R),
        ) else {
            continue;
        };
        // A long face ("square") in smaller letters, so it stays on its chip.
        let label = play.game.face(piece.chip).label();
        let fit = 2.0 * p.distance(rim) / (0.55 * label.chars().count().max(2) as f32);
        painter.text(
            p,
            egui::Align2::CENTER_CENTER,
            label,
            egui::FontId::proportional(fit.clamp(8.0, 13.0)),
            egui::Color32::from_rgb(40, 28, 16),
        );
    }
    if play.game.variant.scoring == Scoring::SmartCalculators {
        let layout = &play.game.variant.layout;
        for column in 1..=GRID {
            // Just before row 1, on the box's plate.
            let edge = hole_top(Hole(1, column)) + Vec3::Z * PITCH * 0.75;
            let Some(p) = on_screen(ctx, camera, at, edge) else {
                continue;
            };
            let value = layout.values.get(column as usize - 1).copied().unwrap_or(0);
            let op = match layout.operators.get(column as usize - 1) {
                Some(CalcOp::Add) => "+",
                Some(CalcOp::Sub) => "−",
                Some(CalcOp::Mul) => "×",
                None => "",
            };
            painter.text(
                p,
                egui::Align2::CENTER_CENTER,
                format!("{value} {op}"),
                egui::FontId::proportional(15.0),
                egui::Color32::from_rgb(30, 20, 10),
            );
        }
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    mut play: ResMut<KugelPlay>,
    view: TableView,
    aim: Res<Aim>,
    mut intents: MessageWriter<KugelIntent>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    let (seating, pads, title) = (&*view.seating, view.pads(), view.title());
    let mine = pointer_seat(&play, seating);
    let ready = view.settle.ready();
    framed(
        ctx,
        "kugel-seats",
        egui::Align2::LEFT_TOP,
        [10.0, 10.0],
        10.0,
        |ui| seats_panel(ui, &play, seating, &pads, &title),
    );
    let mut replay = false;
    framed(
        ctx,
        "kugel-throw",
        egui::Align2::CENTER_TOP,
        [0.0, 10.0],
        10.0,
        |ui| {
            ui.set_min_width(300.0);
            ui.vertical_centered(|ui| {
                replay = throw_panel(ui, &play, seating, &pads, mine);
            });
        },
    );
    if replay {
        play.replay_last();
    }
    if let Some(seat) = play.chooser().filter(|s| play.is_human(*s)) {
        // The keyboard and mouse press the buttons; a pad's choice is the one outlined.
        let pad_choice = (mine != Some(seat)).then_some(aim.choice);
        framed(
            ctx,
            "kugel-choice",
            egui::Align2::CENTER_BOTTOM,
            [0.0, -12.0],
            10.0,
            |ui| choice_panel(ui, &play, seat, pad_choice, ready, &mut intents),
        );
    }
    // A pad seat's button prompts.
    if let Some(seat) = play.thrower().or(play.chooser())
        && play.is_human(seat)
        && mine != Some(seat)
    {
        let prompts = pad_prompt(&play, seat);
        if !prompts.is_empty() {
            framed(
                ctx,
                "kugel-pad",
                egui::Align2::CENTER_BOTTOM,
                [
                    0.0,
                    if play.chooser().is_some() {
                        -90.0
                    } else {
                        -12.0
                    },
                ],
                8.0,
                |ui| {
                    let line: Vec<String> =
                        prompts.iter().map(|(c, w)| format!("[{c}] {w}")).collect();
                    ui.label(egui::RichText::new(line.join("   ")).color(IVORY));
                },
            );
        }
    }
    if let Some(pull) = aim.pull.filter(|_| aim.seat.is_some()) {
        framed(
            ctx,
            "kugel-strength",
            egui::Align2::RIGHT_CENTER,
            [-16.0, 0.0],
            8.0,
            |ui| strength_bar(ui, pull.strength, pull.spin),
        );
    }
    if play.game.stage == Stage::Practice {
        framed(
            ctx,
            "kugel-tally",
            egui::Align2::RIGHT_TOP,
            [-10.0, 52.0],
            8.0,
            |ui| tally(ui, &play),
        );
    }
    log_panel(
        ctx,
        "kugel-log",
        egui::Align2::RIGHT_BOTTOM,
        [-10.0, -10.0],
        &play.log,
    );
    Ok(())
}

/// The table's name, and each seat: its chips (or practice total), Chikugo's lowest and who is
/// out.
fn seats_panel(
    ui: &mut egui::Ui,
    play: &KugelPlay,
    seating: &Seating,
    pads: &[Entity],
    title: &str,
) {
    let game = &play.game;
    // Chikugo names its part (pick-up rounds, lay-out); the others are what they say.
    let heading = match game.stage {
        Stage::PickUp | Stage::LayOut => format!("Kugelbox — {title} · {}", stage_name(game.stage)),
        _ => format!("Kugelbox — {title}"),
    };
    ui.label(egui::RichText::new(heading).color(IVORY));
    for s in 0..game.seats {
        let mover = game.actor() == Some(s);
        let mut line = format!(
            "{}{}",
            if mover { "▶ " } else { "" },
            seating.who(s, &play.seats, pads)
        );
        line.push_str(&match game.stage {
            Stage::Practice => format!(
                ": {} ({} of {} throws)",
                game.totals[s as usize], game.throws[s as usize], game.variant.practice_throws
            ),
            _ => {
                let held: Vec<String> = KugelGame::chips_of(game.held[s as usize])
                    .map(|c| game.face(c).label())
                    .collect();
                if held.is_empty() {
                    ": no chips".into()
                } else {
                    format!(": {}", held.join(" "))
                }
            }
        });
        if let Some((_, f)) = game.finished.iter().find(|(who, _)| *who == s) {
            line.push_str(&format!(" — out, {}", finish_name(*f)));
        }
        seat_label(ui, s as usize, line);
    }
    if matches!(game.stage, Stage::PickUp)
        && let Some((s, score)) = game.lowest
    {
        ui.label(
            egui::RichText::new(format!(
                "Lowest this round: {} with {score}",
                crate::game::table::seat_name(s)
            ))
            .color(GOLD),
        );
    }
    if game.stage != Stage::Practice {
        ui.label(format!(
            "Middle: {} face down, {} face up",
            game.down.len(),
            KugelGame::chips_of(game.up).count()
        ));
    }
}

/// Whose throw it is, the last throw's score with its instant replay, what to do. Returns
/// whether the replay was asked for.
fn throw_panel(
    ui: &mut egui::Ui,
    play: &KugelPlay,
    seating: &Seating,
    pads: &[Entity],
    mine: Option<Seat>,
) -> bool {
    let game = &play.game;
    let mut replay = false;
    if let Some(last) = play.table.last.filter(|_| play.table.rolling.is_none()) {
        let line = score_line(
            last.throw,
            last.scored,
            game.variant.scoring,
            &game.variant.layout,
        );
        ui.label(egui::RichText::new(line).size(24.0).color(GOLD).strong());
        if let Some(score) = last.nadir {
            let line = format!("Nadir! Lowest this round: {score}");
            ui.label(egui::RichText::new(line).size(18.0).color(ACCENT).strong());
        }
        if last.hand.is_some() && !play.table.busy() {
            replay = ui.button("Instant replay  (R)").clicked();
        }
    }
    match game.phase {
        Phase::Throw { seat } => {
            let who = seating.who(seat, &play.seats, pads);
            if play.table.rolling.is_some() {
                ui.label(format!("{who} throws…"));
            } else if mine == Some(seat) {
                ui.label(
                    egui::RichText::new(
                        "Your throw: press on the table, pull back to aim, release",
                    )
                    .color(IVORY),
                );
            } else {
                ui.label(format!("{who} to throw"));
            }
        }
        Phase::Choose { seat, .. } => {
            ui.label(format!(
                "{} chooses a chip",
                seating.who(seat, &play.seats, pads)
            ));
        }
        Phase::Over => {
            if let Some(o) = &game.outcome {
                let line = match o.loser {
                    Some(l) => format!("{} is the loser", crate::game::table::seat_name(l)),
                    None => {
                        let w: Vec<String> = o
                            .winners
                            .iter()
                            .map(|s| crate::game::table::seat_name(*s))
                            .collect();
                        format!("{} won", w.join(", "))
                    }
                };
                ui.label(egui::RichText::new(line).size(20.0).color(IVORY).strong());
            }
        }
    }
    replay
}

/// The chips the throw meets, one button each (from the middle, another player, or to lay
/// out).
fn choice_panel(
    ui: &mut egui::Ui,
    play: &KugelPlay,
    seat: Seat,
    pad_choice: Option<usize>,
    ready: bool,
    intents: &mut MessageWriter<KugelIntent>,
) {
    let game = &play.game;
    let what = match game.stage {
        Stage::LayOut => "Lay out one of your chips the throw meets:",
        _ => "Take one chip the throw meets:",
    };
    ui.label(egui::RichText::new(what).color(IVORY).strong());
    ui.horizontal(|ui| {
        for (i, (chip, from)) in play.choices().into_iter().enumerate() {
            let face = game.face(chip).label();
            let text = match from {
                Some(o) => format!(
                    "{face} from {}  ({})",
                    crate::game::table::seat_name(o),
                    i + 1
                ),
                None => format!("{face}  ({})", i + 1),
            };
            let chosen = pad_choice == Some(i);
            let button = choice_button(
                egui::RichText::new(text).size(18.0),
                pad_choice.is_none(),
                chosen,
            );
            if ui
                .add_enabled(ready || pad_choice.is_some(), button)
                .clicked()
            {
                intents.write(KugelIntent::Act {
                    seat,
                    action: crate::rules::kugelbox::Action::Chip(chip),
                });
            }
        }
    });
}

/// The pull's strength as a bar, and its spin.
fn strength_bar(ui: &mut egui::Ui, strength: f32, spin: f32) {
    ui.label(egui::RichText::new("Strength").color(IVORY));
    let (rect, _) = ui.allocate_exact_size(egui::vec2(26.0, 160.0), egui::Sense::hover());
    let painter = ui.painter();
    painter.rect_filled(rect, 4.0, egui::Color32::from_gray(40));
    let mut fill = rect;
    fill.min.y = rect.max.y - rect.height() * strength.clamp(0.0, 1.0);
    painter.rect_filled(fill, 4.0, GOLD);
    ui.label(format!("{:.0}%", strength * 100.0));
    let spin = if spin.abs() < 0.05 {
        "no spin".to_string()
    } else {
        format!("spin {:+.0}%", spin * 100.0)
    };
    ui.label(egui::RichText::new(spin).small());
}

/// The practice tally: how often each hole was hit, laid out as the box is (row 5 at the top).
fn tally(ui: &mut egui::Ui, play: &KugelPlay) {
    let layout = &play.game.variant.layout;
    ui.label(egui::RichText::new("Holes hit").color(IVORY));
    egui::Grid::new("kugel-tally-grid")
        .spacing([6.0, 2.0])
        .show(ui, |ui| {
            for row in (1..=layout.rows).rev() {
                for column in 1..=layout.columns {
                    let i = (row as usize - 1) * layout.columns as usize + column as usize - 1;
                    let n = play.table.hits.get(i).copied().unwrap_or(0);
                    let text = egui::RichText::new(n.to_string()).monospace();
                    ui.label(if n > 0 { text.color(GOLD) } else { text });
                }
                ui.end_row();
            }
        });
    ui.label(egui::RichText::new(format!("Both out: {}", play.table.misses)).small());
}
