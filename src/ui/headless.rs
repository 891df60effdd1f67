//! The menus without a window, for tests: every screen's egui drawing run over an egui context
//! of its own, fed key presses — the keyboard's, or the gamepads' menu keys — each frame.

use bevy::prelude::*;
use bevy_egui::{EguiContext, EguiPrimaryContextPass, EguiUserTextures, PrimaryEguiContext, egui};

/// Adds the screens and the input plugin to a headless game app, with a primary egui context.
pub fn add_menus(app: &mut App) {
    app.init_resource::<EguiUserTextures>()
        .add_plugins((super::screens, crate::input::plugin));
    app.world_mut()
        .spawn((Name::new("Headless egui"), PrimaryEguiContext));
}

/// One frame: the game's update, then an egui pass over every screen with `keys` pressed (and
/// the gamepads' menu keys of this frame).
pub fn frame(app: &mut App, keys: &[egui::Key]) {
    app.update();
    let world = app.world_mut();
    let mut pressed: Vec<egui::Key> = keys.to_vec();
    if let Some(menu) = world.get_resource::<crate::input::MenuKeys>() {
        pressed.extend(menu.0.iter().copied());
    }
    let Ok(mut context) = world
        .query_filtered::<&mut EguiContext, With<PrimaryEguiContext>>()
        .single_mut(world)
    else {
        return;
    };
    let ctx = context.get_mut().clone();
    let events = pressed
        .into_iter()
        .flat_map(|key| {
            [true, false].map(|down| egui::Event::Key {
                key,
                physical_key: None,
                pressed: down,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            })
        })
        .collect();
    ctx.begin_pass(egui::RawInput {
        screen_rect: Some(egui::Rect::from_min_size(
            egui::Pos2::ZERO,
            egui::vec2(1280.0, 720.0),
        )),
        events,
        ..default()
    });
    world.run_schedule(EguiPrimaryContextPass);
    // Nothing is drawn: the textures egui made are dropped on purpose.
    ctx.end_pass().textures_delta.clear();
}
