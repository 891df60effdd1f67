//! The title screen: the three games with their presets, options and quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, UiState, big_button, focus_first, framed};
use crate::game::table::records::{ReplayRequest, records_dir, replay_navs, saved_records};
use crate::game::{Nav, Presets, Screen, SettingsPath};
use crate::rules::{AnyRecord, Game};

pub(super) fn plugin(app: &mut App) {
    app.add_systems(
        EguiPrimaryContextPass,
        draw.in_set(DrawUi).run_if(in_state(Screen::Title)),
    );
}

/// The saved games shown on the title, read again every few seconds.
#[derive(Default)]
struct Saved {
    age: f32,
    read: bool,
    lines: Vec<(String, Result<AnyRecord, String>)>,
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    presets: Res<Presets>,
    mut ui_state: ResMut<UiState>,
    mut nav: MessageWriter<Nav>,
    mut preset_lines: Local<Vec<String>>,
    mut saved: Local<Saved>,
    settings: Res<SettingsPath>,
    time: Res<Time>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    saved.age += time.delta_secs();
    if !saved.read || saved.age > 3.0 {
        saved.read = true;
        saved.age = 0.0;
        saved.lines = records_dir(&settings)
            .map(|dir| saved_records(&dir))
            .unwrap_or_default()
            .into_iter()
            .take(5)
            .map(|(p, r)| {
                let name = p
                    .file_name()
                    .map_or(String::new(), |n| n.to_string_lossy().into());
                (name, r)
            })
            .collect();
    }
    if !saved.lines.is_empty() {
        framed(
            ctx,
            "replays",
            egui::Align2::LEFT_BOTTOM,
            [16.0, -16.0],
            10.0,
            |ui| {
                ui.label(egui::RichText::new("Saved games").color(IVORY));
                for (name, record) in &saved.lines {
                    ui.horizontal(|ui| match record {
                        Ok(r) => {
                            ui.label(r.summary().line());
                            // A game whose table cannot play yet is listed, not replayed.
                            let playable = r.game() == Game::Marbles;
                            if ui
                                .add_enabled(playable, egui::Button::new("Replay"))
                                .clicked()
                            {
                                commands.insert_resource(ReplayRequest(r.clone()));
                                for n in replay_navs(r) {
                                    nav.write(n);
                                }
                            }
                        }
                        Err(e) => {
                            ui.label(
                                egui::RichText::new(format!("{name}: cannot be read ({e})"))
                                    .small()
                                    .weak(),
                            );
                        }
                    });
                }
            },
        );
    }
    // Each game's preset titles, joined once: the presets never change while the game runs.
    if preset_lines.is_empty() {
        *preset_lines = Game::ALL
            .iter()
            .map(|g| {
                let titles: Vec<String> =
                    presets.presets(*g).into_iter().map(|p| p.title).collect();
                titles.join(" · ")
            })
            .collect();
    }
    egui::Area::new("title".into())
        .anchor(egui::Align2::CENTER_TOP, [0.0, 40.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(
                    egui::RichText::new("Muggins")
                        .size(64.0)
                        .color(IVORY)
                        .strong(),
                );
                ui.label(
                    egui::RichText::new("three tabletop games")
                        .size(20.0)
                        .italics(),
                );
            });
        });
    egui::Area::new("games".into())
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 10.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                for (i, game) in Game::ALL.into_iter().enumerate() {
                    egui::Frame::window(ui.style())
                        .inner_margin(16.0)
                        .show(ui, |ui| {
                            ui.set_width(300.0);
                            ui.set_min_height(250.0);
                            ui.vertical_centered(|ui| {
                                ui.label(
                                    egui::RichText::new(game.title())
                                        .size(28.0)
                                        .color(IVORY)
                                        .strong(),
                                );
                                ui.label(game.tagline());
                                ui.add_space(6.0);
                                ui.label(egui::RichText::new(&preset_lines[i]).small().weak());
                                ui.add_space(10.0);
                                let play = big_button(ui, "Play");
                                if i == 0 {
                                    focus_first(&play);
                                }
                                if play.clicked() {
                                    nav.write(Nav::SetUp(game));
                                }
                            });
                        });
                }
            });
        });
    egui::Area::new("title-buttons".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -30.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if big_button(ui, "Options").clicked() {
                    ui_state.options_open = true;
                }
                if big_button(ui, "Quit").clicked() {
                    nav.write(Nav::Quit);
                }
            });
        });
    Ok(())
}
