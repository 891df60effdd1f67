//! The egui pieces every screen and HUD is built from: the colours, framed panels, large
//! buttons, and a seat's mark and label.

use bevy::prelude::{Camera, GlobalTransform, Vec3};
use bevy_egui::egui;

use super::seats::{SEAT_COLOURS, SeatMark};

/// Panel background: dark walnut, slightly see-through.
pub const PANEL: egui::Color32 = egui::Color32::from_rgba_premultiplied(30, 22, 16, 235);
/// Buttons and highlights: brass.
pub const ACCENT: egui::Color32 = egui::Color32::from_rgb(168, 118, 40);
/// Headings: warm ivory.
pub const IVORY: egui::Color32 = egui::Color32::from_rgb(240, 228, 200);

/// A seat's colour, as egui draws it.
pub fn seat_colour(seat: usize) -> egui::Color32 {
    let c = SEAT_COLOURS[seat % SEAT_COLOURS.len()].to_srgba();
    egui::Color32::from_rgb(
        (c.red * 255.0) as u8,
        (c.green * 255.0) as u8,
        (c.blue * 255.0) as u8,
    )
}

/// A seat's mark in its colour, `radius` points round `centre`.
pub fn seat_mark(painter: &egui::Painter, centre: egui::Pos2, radius: f32, seat: usize) {
    let mark = SeatMark::of(seat as u8);
    let colour = seat_colour(seat);
    // Screen y grows downwards.
    let points: Vec<egui::Pos2> = mark
        .outline()
        .into_iter()
        .map(|p| centre + egui::vec2(p.x, -p.y) * radius)
        .collect();
    if mark.hollow() {
        painter.circle_stroke(centre, radius * 0.8, egui::Stroke::new(2.5, colour));
    } else if mark == SeatMark::Star || mark == SeatMark::Cross {
        // Not convex: a fan of triangles from the centre.
        let mut mesh = egui::Mesh::default();
        mesh.colored_vertex(centre, colour);
        for p in &points {
            mesh.colored_vertex(*p, colour);
        }
        let n = points.len() as u32;
        for i in 0..n {
            mesh.add_triangle(0, 1 + i, 1 + (i + 1) % n);
        }
        painter.add(mesh);
    } else {
        painter.add(egui::Shape::convex_polygon(
            points,
            colour,
            egui::Stroke::NONE,
        ));
    }
}

/// A seat's mark in its colour followed by a label, in the seat's colour.
pub fn seat_label(ui: &mut egui::Ui, seat: usize, text: impl Into<String>) {
    ui.horizontal(|ui| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
        seat_mark(ui.painter(), rect.center(), 7.0, seat);
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

/// The table's log: its last five lines, small, in a framed panel at `anchor`.
pub fn log_panel(
    ctx: &egui::Context,
    id: &str,
    anchor: egui::Align2,
    offset: [f32; 2],
    log: &[String],
) {
    if log.is_empty() {
        return;
    }
    framed(ctx, id, anchor, offset, 8.0, |ui| {
        ui.set_max_width(340.0);
        for line in log.iter().rev().take(5).rev() {
            ui.label(egui::RichText::new(line).small());
        }
    });
}

/// A choice's button: pressed by the pointer (`pressable`), or only shown where a gamepad
/// chooses, outlined in brass when it is the pad's `chosen` one.
pub fn choice_button(
    text: impl Into<egui::WidgetText>,
    pressable: bool,
    chosen: bool,
) -> egui::Button<'static> {
    egui::Button::new(text)
        .sense(if pressable {
            egui::Sense::click()
        } else {
            egui::Sense::hover()
        })
        .stroke(if chosen {
            egui::Stroke::new(2.5, ACCENT)
        } else {
            egui::Stroke::new(1.0, egui::Color32::from_gray(90))
        })
}

/// A point of the table where egui draws it (in points: the window's pixels over the UI
/// scale), if it is in front of the camera.
pub fn on_screen(
    ctx: &egui::Context,
    camera: &Camera,
    at: &GlobalTransform,
    p: Vec3,
) -> Option<egui::Pos2> {
    let s = camera.world_to_viewport(at, p).ok()? / ctx.zoom_factor();
    Some(egui::pos2(s.x, s.y))
}
