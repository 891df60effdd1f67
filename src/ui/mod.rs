//! The menus and overlays, drawn with egui over the 3D scene. They read the game's state and
//! send [`Nav`](crate::game::Nav) messages; they decide nothing themselves.

mod hud;
mod marbles;
mod notices;
mod options;
mod pause;
mod results;
mod setup;
mod title;

use bevy::prelude::*;
use bevy_egui::{EguiPlugin, EguiPrimaryContextPass, egui};

/// Which overlay windows are open.
#[derive(Resource, Default, Debug)]
pub struct UiState {
    pub options_open: bool,
}

/// Systems that draw the menus, in the egui pass.
#[derive(SystemSet, Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct DrawUi;

pub fn plugin(app: &mut App) {
    app.add_plugins(EguiPlugin::default())
        .init_resource::<UiState>()
        .add_systems(
            EguiPrimaryContextPass,
            style.run_if(run_once).before(DrawUi),
        )
        .add_plugins((
            title::plugin,
            setup::plugin,
            hud::plugin,
            marbles::plugin,
            pause::plugin,
            results::plugin,
            options::plugin,
            notices::plugin,
        ));
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
    });
    Ok(())
}

/// Panel background: dark walnut, slightly see-through.
pub const PANEL: egui::Color32 = egui::Color32::from_rgba_premultiplied(30, 22, 16, 235);
/// Buttons and highlights: brass.
pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(168, 118, 40);
/// Headings: warm ivory.
pub const IVORY: egui::Color32 = egui::Color32::from_rgb(240, 228, 200);

/// A seat's colour, as egui draws it.
pub fn seat_colour(seat: usize) -> egui::Color32 {
    let c = crate::game::SEAT_COLOURS[seat % crate::game::SEAT_COLOURS.len()].to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

/// A seat's colour chip followed by a label, in the seat's colour.
pub fn seat_label(ui: &mut egui::Ui, seat: usize, text: impl Into<String>) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
        ui.painter()
            .circle_filled(rect.center(), 6.0, seat_colour(seat));
        ui.colored_label(seat_colour(seat), text.into());
    });
}

/// A centred window without title bar, collapsing or resizing.
pub fn panel(id: &str) -> egui::Window<'static> {
    egui::Window::new(id.to_string())
        .title_bar(false)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
}

/// A large button of a fixed width.
pub fn big_button(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized(
        [220.0, 36.0],
        egui::Button::new(egui::RichText::new(text).size(18.0)),
    )
}

/// A framed panel anchored to a place on the screen (`anchor`, nudged by `offset`), its
/// contents `margin` inside the frame.
pub fn framed(
    ctx: &egui::Context,
    id: &str,
    anchor: egui::Align2,
    offset: [f32; 2],
    margin: f32,
    add_contents: impl FnOnce(&mut egui::Ui),
) {
    egui::Area::new(egui::Id::new(id))
        .anchor(anchor, offset)
        .show(ctx, |ui| {
            egui::Frame::window(ui.style())
                .inner_margin(margin)
                .show(ui, add_contents);
        });
}
