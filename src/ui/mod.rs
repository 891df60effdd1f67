//! The menus and overlays, drawn with egui over the 3D scene. They read the game's state and
//! send [`Nav`](crate::game::Nav) messages; they decide nothing themselves.

pub mod headless;
mod hud;
mod notices;
mod options;
mod pause;
mod results;
mod setup;
mod title;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass, egui};

use crate::game::sound::{PlaySound, Sound, Voice};
use crate::settings::Settings;

/// Which overlay windows are open.
#[derive(Resource, Default, Debug)]
pub struct UiState {
    pub options_open: bool,
    /// The options window has just opened: its first control takes the focus.
    pub options_focus: bool,
}

impl UiState {
    pub fn open_options(&mut self) {
        self.options_open = true;
        self.options_focus = true;
    }
}

/// Systems that draw the menus, in the egui pass.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DrawUi;

/// The menus over a window: egui itself, its style, and every screen.
pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .add_systems(
            EguiPrimaryContextPass,
            style.run_if(run_once).before(DrawUi),
        )
        .add_plugins(screens);
}

/// Every screen's drawing, without egui's own plugin: the headless tests run these over an
/// egui context of their own.
pub fn screens(app: &mut App) {
    app.init_resource::<UiState>()
        .add_systems(
            EguiPrimaryContextPass,
            (ui_scale.before(DrawUi), clicks.after(DrawUi)),
        )
        .add_plugins((
            title::plugin,
            setup::plugin,
            hud::plugin,
            pause::plugin,
            results::plugin,
            options::plugin,
            notices::plugin,
        ));
}

/// Gives `response` the keyboard (and gamepad) focus when nothing has it: each menu opens
/// with its first choice focused, so arrows, Tab and Enter (or the d-pad and South) work at
/// once.
pub fn focus_first(response: &egui::Response) {
    if response.ctx.memory(|m| m.focused().is_none()) {
        response.request_focus();
    }
}

/// The UI scale setting, as egui's zoom: every menu and label grows or shrinks at once.
fn ui_scale(mut contexts: bevy_egui::EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 1e-3 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    Ok(())
}

/// A quiet tick for a button pressed: clicked with the pointer, or pressed with Enter (the
/// keyboard's and the gamepad's South) while a control has the focus.
fn clicks(mut contexts: bevy_egui::EguiContexts, mut out: MessageWriter<PlaySound>) -> Result {
    let ctx = contexts.ctx_mut()?;
    let clicked = ctx.input(|i| i.pointer.any_click()) && ctx.is_pointer_over_egui()
        || ctx.input(|i| i.key_pressed(egui::Key::Enter)) && ctx.memory(|m| m.focused().is_some());
    if clicked {
        out.write(PlaySound(Voice::new(Sound::Menu, 0.5)));
    }
    Ok(())
}

/// Warm wood-and-felt colours, larger text.
fn style(mut contexts: bevy_egui::EguiContexts) -> Result {
    let ctx = contexts.ctx_mut()?;
    ctx.set_visuals(egui::Visuals::dark());
    ctx.all_styles_mut(|s| {
        use egui::{FontFamily::Proportional, FontId, TextStyle};
        s.text_styles = [
            (TextStyle::Heading, FontId::new(26.0, Proportional)),
            (TextStyle::Body, FontId::new(16.0, Proportional)),
            (TextStyle::Button, FontId::new(17.0, Proportional)),
            (TextStyle::Small, FontId::new(13.0, Proportional)),
            (
                TextStyle::Monospace,
                FontId::new(15.0, egui::FontFamily::Monospace),
            ),
        ]
        .into();
        s.spacing.button_padding = egui::vec2(12.0, 6.0);
        s.spacing.item_spacing = egui::vec2(10.0, 8.0);
        s.visuals.window_fill = PANEL;
        s.visuals.panel_fill = PANEL;
        s.visuals.window_corner_radius = 10.0.into();
        s.visuals.selection.bg_fill = ACCENT;
        // The focused control (keyboard or gamepad) stands out: brass with an ivory rim.
        s.visuals.widgets.active.weak_bg_fill = ACCENT;
        s.visuals.widgets.active.bg_fill = ACCENT;
        s.visuals.widgets.active.bg_stroke = egui::Stroke::new(2.0, IVORY);
    });
    Ok(())
}

pub use crate::game::table::widgets::{
    ACCENT, IVORY, PANEL, big_button, framed, panel, seat_colour, seat_label,
};
