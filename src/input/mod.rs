//! Devices outside the table's own controls: Escape and a gamepad's B (East) go back a screen
//! (or pause and resume a game), a gamepad's Start pauses, and on every menu a gamepad's d-pad
//! or left stick and its A (South) become arrow keys and Enter for egui, so the menus are walked
//! with the same focus the keyboard moves. At the table each game's `pointer` and `gamepad`
//! modules turn devices into intents for their own seats.

use bevy::input::InputSystems;
use bevy::prelude::*;
use bevy_egui::egui;

use crate::game::screen::AppSet;
use crate::game::table::Seating;
use crate::game::{Nav, Pause, Screen};

/// The egui keys the gamepads pressed on a menu this frame.
#[derive(Resource, Default, Debug, Clone, PartialEq)]
pub struct MenuKeys(pub Vec<egui::Key>);

/// How far the left stick is pushed to move the focus, and how soon it moves again.
const STICK: f32 = 0.6;
const REPEAT_S: f32 = 0.25;

/// The input that needs no window: back, pause, and the gamepads' menu keys.
pub fn plugin(app: &mut App) {
    app.init_resource::<MenuKeys>()
        .add_systems(PreUpdate, menu_keys.after(InputSystems))
        .add_systems(
            Update,
            back.in_set(AppSet::RecordInput)
                .before(crate::game::table::seats::join_on_setup),
        );
}

/// Over a window: the gamepads' menu keys go to egui as key presses.
pub fn windowed(app: &mut App) {
    app.add_systems(
        PreUpdate,
        forward_menu_keys
            .after(menu_keys)
            .in_set(bevy_egui::EguiInputSet::ReadBevyMessages),
    );
}

/// Whether gamepads walk the menus now: outside a game, or while it is paused.
fn on_menu(screen: Option<&State<Screen>>, pause: Option<&State<Pause>>) -> bool {
    match screen.map(|s| *s.get()) {
        Some(Screen::Playing) => pause.is_some_and(|p| *p.get() == Pause::Paused),
        Some(_) => true,
        None => false,
    }
}

/// The keys a gamepad presses on a menu this frame: the d-pad or the left stick (held, it
/// repeats) as arrows, A (South) as Enter.
pub fn pad_keys(pad: &Gamepad, stick_wait: &mut f32, dt: f32) -> Vec<egui::Key> {
    use egui::Key;
    let mut keys = Vec::new();
    for (button, key) in [
        (GamepadButton::DPadUp, Key::ArrowUp),
        (GamepadButton::DPadDown, Key::ArrowDown),
        (GamepadButton::DPadLeft, Key::ArrowLeft),
        (GamepadButton::DPadRight, Key::ArrowRight),
        (GamepadButton::South, Key::Enter),
    ] {
        if pad.just_pressed(button) {
            keys.push(key);
        }
    }
    let s = pad.left_stick();
    *stick_wait -= dt;
    if s.length() > STICK {
        if *stick_wait <= 0.0 {
            *stick_wait = REPEAT_S;
            keys.push(if s.x.abs() > s.y.abs() {
                if s.x > 0.0 {
                    Key::ArrowRight
                } else {
                    Key::ArrowLeft
                }
            } else if s.y > 0.0 {
                Key::ArrowUp
            } else {
                Key::ArrowDown
            });
        }
    } else {
        *stick_wait = 0.0;
    }
    keys
}

/// Collects the menu keys of every gamepad that walks the menus now: on the setup screen only
/// pads that joined a seat (a free pad's A joins), while a seat's pad is lost only pads with a
/// seat (a free pad's A claims it).
#[allow(clippy::too_many_arguments)]
fn menu_keys(
    pads: Query<(Entity, &Gamepad)>,
    screen: Option<Res<State<Screen>>>,
    pause: Option<Res<State<Pause>>>,
    seating: Option<Res<Seating>>,
    time: Res<Time>,
    mut waits: Local<Vec<(Entity, f32)>>,
    mut keys: ResMut<MenuKeys>,
) {
    keys.0.clear();
    if !on_menu(screen.as_deref(), pause.as_deref()) {
        return;
    }
    let setup = screen.is_some_and(|s| *s.get() == Screen::Setup);
    let lost = seating.as_ref().is_some_and(|s| !s.lost.is_empty());
    for (pad, gamepad) in &pads {
        let seated = seating.as_ref().and_then(|s| s.seat_of(pad)).is_some();
        if (setup || lost) && !seated {
            continue;
        }
        let i = match waits.iter().position(|(e, _)| *e == pad) {
            Some(i) => i,
            None => {
                waits.push((pad, 0.0));
                waits.len() - 1
            }
        };
        keys.0
            .extend(pad_keys(gamepad, &mut waits[i].1, time.delta_secs()));
    }
}

/// The menu keys, pressed and released, into egui's primary context.
fn forward_menu_keys(
    keys: Res<MenuKeys>,
    context: Query<Entity, With<bevy_egui::PrimaryEguiContext>>,
    mut out: MessageWriter<bevy_egui::input::EguiInputEvent>,
) {
    let Ok(context) = context.single() else {
        return;
    };
    for key in &keys.0 {
        for pressed in [true, false] {
            out.write(bevy_egui::input::EguiInputEvent {
                context,
                event: egui::Event::Key {
                    key: *key,
                    physical_key: None,
                    pressed,
                    repeat: false,
                    modifiers: egui::Modifiers::NONE,
                },
            });
        }
    }
}

/// Escape goes back a screen (pauses or resumes a game; closes the options window); a gamepad's
/// B (East) does the same on the menus, and its Start pauses and resumes a game.
fn back(
    keys: Option<Res<ButtonInput<KeyCode>>>,
    pads: Query<(Entity, &Gamepad)>,
    screen: Option<Res<State<Screen>>>,
    pause: Option<Res<State<Pause>>>,
    seating: Option<Res<Seating>>,
    mut ui_state: Option<ResMut<crate::ui::UiState>>,
    mut nav: MessageWriter<Nav>,
) {
    // With the options window open, back closes it.
    let mut back = |nav: &mut MessageWriter<Nav>| match ui_state.as_deref_mut() {
        Some(ui) if ui.options_open => ui.options_open = false,
        _ => {
            nav.write(Nav::Back);
        }
    };
    if keys.is_some_and(|k| k.just_pressed(KeyCode::Escape)) {
        back(&mut nav);
        return;
    }
    let playing = screen.as_ref().is_some_and(|s| *s.get() == Screen::Playing);
    let menu = on_menu(screen.as_deref(), pause.as_deref());
    let setup = screen.as_ref().is_some_and(|s| *s.get() == Screen::Setup);
    for (pad, gamepad) in &pads {
        if playing && gamepad.just_pressed(GamepadButton::Start) {
            nav.write(Nav::TogglePause);
            return;
        }
        // On the setup screen a seated pad's B leaves its seat instead.
        let seated = seating.as_ref().and_then(|s| s.seat_of(pad)).is_some();
        if menu && gamepad.just_pressed(GamepadButton::East) && !(setup && seated) {
            back(&mut nav);
            return;
        }
    }
}
