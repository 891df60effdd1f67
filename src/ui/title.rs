//! The title screen: the three games with their presets, the saved games of every game, options
//! and quit.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::{DrawUi, IVORY, UiState, big_button, focus_first, framed};
use crate::game::table::autosave::{Resumable, ResumeRequest, resume_navs};
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
    /// Each game's line (its preset by title), with the record where it can be read.
    lines: Vec<(String, Option<AnyRecord>)>,
}

impl Saved {
    /// Reads the last five saved games again when it is time.
    fn refresh(&mut self, settings: &SettingsPath, presets: &Presets, dt: f32) {
        self.age += dt;
        if self.read && self.age <= 3.0 {
            return;
        }
        self.read = true;
        self.age = 0.0;
        self.lines = records_dir(settings)
            .map(|dir| saved_records(&dir))
            .unwrap_or_default()
            .into_iter()
            .take(5)
            .map(|(p, r)| match r {
                Ok(r) => (r.summary().titled(&presets.0).line(), Some(r)),
                Err(e) => {
                    let name = p.file_name().unwrap_or_default().to_string_lossy();
                    (format!("{name}: cannot be read ({e})"), None)
                }
            })
            .collect();
    }
}

#[allow(clippy::too_many_arguments)]
fn draw(
    mut contexts: EguiContexts,
    presets: Res<Presets>,
    mut ui_state: ResMut<UiState>,
    mut nav: MessageWriter<Nav>,
    mut preset_lines: Local<Vec<String>>,
    mut saved: Local<Saved>,
    mut resume_line: Local<String>,
    settings: Res<SettingsPath>,
    resumable: Res<Resumable>,
    time: Res<Time>,
    mut commands: Commands,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if resumable.is_changed()
        && let Some(save) = &resumable.0
    {
        *resume_line = format!(
            "the game you left: {}",
            save.record.summary().titled(&presets.0).line()
        );
    }
    if let Some(save) = &resumable.0 {
        egui::Area::new("resume".into())
            .anchor(egui::Align2::CENTER_TOP, [0.0, 150.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    // The game left is what a returning player most likely wants: focused
                    // first, so Enter or a pad's A resumes it.
                    let resume = big_button(ui, "Resume");
                    focus_first(&resume);
                    if resume.clicked() {
                        commands.insert_resource(ResumeRequest(save.clone()));
                        for n in resume_navs(save) {
                            nav.write(n);
                        }
                    }
                    ui.label(egui::RichText::new(resume_line.as_str()).color(IVORY));
                });
            });
    }
    saved.refresh(&settings, &presets, time.delta_secs());
    if !saved.lines.is_empty() {
        framed(
            ctx,
            "replays",
            egui::Align2::LEFT_BOTTOM,
            [16.0, -16.0],
            10.0,
            |ui| {
                if let Some(r) = saved_games(ui, &saved.lines) {
                    commands.insert_resource(ReplayRequest(r.clone()));
                    for n in replay_navs(&r) {
                        nav.write(n);
                    }
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
        .show(ctx, |ui| games(ui, &preset_lines, &mut nav));
    egui::Area::new("title-buttons".into())
        .anchor(egui::Align2::CENTER_BOTTOM, [0.0, -30.0])
        .show(ctx, |ui| {
            ui.horizontal(|ui| {
                if big_button(ui, "Options").clicked() {
                    ui_state.open_options();
                }
                if big_button(ui, "Quit").clicked() {
                    nav.write(Nav::Quit);
                }
            });
        });
    Ok(())
}

/// The saved games of every game: a line each, Replay for those whose table plays; a file
/// that cannot be read is named with its reason. The record asked to be replayed.
fn saved_games(ui: &mut egui::Ui, lines: &[(String, Option<AnyRecord>)]) -> Option<AnyRecord> {
    let mut chosen = None;
    // Long lines wrap: the panel stays clear of the Options and Quit buttons beside it.
    ui.set_max_width(372.0);
    ui.label(egui::RichText::new("Saved games").color(IVORY));
    for (line, record) in lines {
        match record {
            Some(r) => {
                ui.horizontal(|ui| {
                    if ui.button("Replay").clicked() {
                        chosen = Some(r.clone());
                    }
                    ui.add(egui::Label::new(line.as_str()).wrap());
                });
            }
            None => {
                ui.add(egui::Label::new(egui::RichText::new(line).small().weak()).wrap());
            }
        }
    }
    chosen
}

/// A card per game with its presets and a Play button (the first one focused).
fn games(ui: &mut egui::Ui, preset_lines: &[String], nav: &mut MessageWriter<Nav>) {
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
}
