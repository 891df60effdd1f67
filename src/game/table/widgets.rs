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

/// Whether a press at `cursor` (window pixels) belongs to the panels: one lies under it, or
/// egui holds the pointer (a scroll or a slider being dragged). Judged where the press is, not
/// where egui last saw the pointer, so a click that arrives in the same frame as the move that
/// brought the pointer off a panel is not lost when frames are slow.
pub fn panel_under(ctx: &egui::Context, cursor: bevy::math::Vec2) -> bool {
    let at = egui::pos2(cursor.x, cursor.y) / ctx.zoom_factor();
    ctx.egui_is_using_pointer()
        || ctx
            .layer_id_at(at)
            .is_some_and(|layer| layer.order != egui::Order::Background)
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::math::Vec2;

    /// One egui pass over an 800×600 window: a panel at (100, 100) points, 200×50, and the
    /// pointer moved to `pointer` (points).
    fn pass(ctx: &egui::Context, pointer: egui::Pos2) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(
                egui::Pos2::ZERO,
                egui::vec2(800.0, 600.0),
            )),
            events: vec![egui::Event::PointerMoved(pointer)],
            ..Default::default()
        };
        let mut output = ctx.run_ui(input, |ui| {
            egui::Area::new("roll".into())
                .fixed_pos([100.0, 100.0])
                .show(ui.ctx(), |ui| {
                    ui.add_sized([200.0, 50.0], egui::Button::new("Roll the dice"));
                });
        });
        output.textures_delta.clear();
    }

    #[test]
    fn a_press_belongs_to_the_panel_under_it_not_where_egui_last_saw_the_pointer() {
        let ctx = egui::Context::default();
        let on_panel = egui::pos2(150.0, 120.0);
        pass(&ctx, on_panel);
        pass(&ctx, on_panel);
        assert!(
            ctx.is_pointer_over_egui(),
            "egui saw the pointer on the panel"
        );
        assert!(panel_under(&ctx, Vec2::new(150.0, 120.0)));
        // The press arrives with the move off the panel, before egui has seen the move.
        assert!(!panel_under(&ctx, Vec2::new(600.0, 400.0)));
        // At a UI scale of 2 the panel covers window pixels (200, 200) to (600, 300).
        ctx.set_zoom_factor(2.0);
        pass(&ctx, egui::pos2(10.0, 10.0));
        pass(&ctx, egui::pos2(10.0, 10.0));
        assert!(panel_under(&ctx, Vec2::new(300.0, 240.0)));
        assert!(!panel_under(&ctx, Vec2::new(150.0, 120.0)));
    }
}
