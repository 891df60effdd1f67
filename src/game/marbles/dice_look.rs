//! How the dice look: the d12 as the dodecahedron its collider is, with its numbers on its faces
//! (seven-segment figures, 6 and 9 underlined), built from the physics layer's own vertices and
//! face normals so the number drawn on a face is the number read from it; and a close-up of the
//! dice tray in a corner of the screen, where the numbers and pips read at a glance.

use bevy::asset::RenderAssetUsages;
use bevy::camera::Viewport;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;
use bevy::window::PrimaryWindow;

use crate::physics::dice::{D12_INRADIUS, d12_vertices, faces};
use crate::rules::marbles::Die;

/// A mesh of flat-shaded triangles from (position, normal) corners, three to a triangle.
pub fn flat_mesh(corners: Vec<([f32; 3], [f32; 3])>) -> Mesh {
    let (positions, normals): (Vec<[f32; 3]>, Vec<[f32; 3]>) = corners.into_iter().unzip();
    let indices = (0..positions.len() as u32).collect();
    Mesh::new(
        PrimitiveTopology::TriangleList,
        RenderAssetUsages::default(),
    )
    .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
    .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
    .with_inserted_indices(Indices::U32(indices))
}

fn v3(v: rapier3d::prelude::Vector) -> Vec3 {
    Vec3::new(v.x, v.y, v.z)
}

/// Each face of the d12: its outward normal, its number, and its five corners in order round it.
fn d12_faces() -> Vec<(Vec3, u8, Vec<Vec3>)> {
    let vertices: Vec<Vec3> = d12_vertices().into_iter().map(v3).collect();
    faces(Die::D12)
        .into_iter()
        .map(|(n, value)| {
            let n = v3(n);
            let top = vertices.iter().map(|p| p.dot(n)).fold(f32::MIN, f32::max);
            let mut corners: Vec<Vec3> = vertices
                .iter()
                .copied()
                .filter(|p| (p.dot(n) - top).abs() < top * 1e-3)
                .collect();
            let centre = n * top;
            let u = (corners[0] - centre).normalize();
            let w = n.cross(u);
            corners.sort_by(|a, b| {
                let angle = |p: &Vec3| (p - centre).dot(w).atan2((p - centre).dot(u));
                angle(a).total_cmp(&angle(b))
            });
            (n, value, corners)
        })
        .collect()
}

/// The dodecahedron, flat-shaded, the size of the d12's collider.
pub fn d12_mesh() -> Mesh {
    let mut corners = Vec::new();
    for (n, _, ring) in d12_faces() {
        for k in 1..ring.len() - 1 {
            for p in [ring[0], ring[k], ring[k + 1]] {
                corners.push((p.to_array(), n.to_array()));
            }
        }
    }
    flat_mesh(corners)
}

/// The segments of a seven-segment figure: a top, b top right, c bottom right, d bottom,
/// e bottom left, f top left, g middle.
fn segments(digit: u8) -> &'static str {
    match digit {
        0 => "abcdef",
        1 => "bc",
        2 => "abged",
        3 => "abgcd",
        4 => "fgbc",
        5 => "afgcd",
        6 => "afgedc",
        7 => "abc",
        8 => "abcdefg",
        _ => "abcdfg",
    }
}

/// The d12's numbers: thin flat bars standing a hair above each face, for a dark material.
pub fn d12_numbers_mesh() -> Mesh {
    let faces = d12_faces();
    // The face's inner radius: from its centre to the middle of an edge.
    let ring = &faces[0].2;
    let face_r = ((ring[0] + ring[1]) / 2.0 - faces[0].0 * D12_INRADIUS).length();
    // A figure 0.85 of that high, half as wide, its bars 0.13 of its height.
    let h = face_r * 0.85;
    let (w, t) = (h * 0.5, h * 0.13);
    let mut corners = Vec::new();
    for (n, value, _) in faces {
        let u = n.any_orthonormal_vector();
        let v = n.cross(u);
        let centre = n * (D12_INRADIUS + 0.00008);
        let digits: Vec<u8> = if value >= 10 {
            vec![value / 10, value % 10]
        } else {
            vec![value]
        };
        let gap = w * 0.35;
        let total = digits.len() as f32 * w + (digits.len() as f32 - 1.0) * gap;
        let mut bar = |x0: f32, y0: f32, x1: f32, y1: f32| {
            let at = |x: f32, y: f32| centre + u * x + v * y;
            let (a, b, c, d) = (at(x0, y0), at(x1, y0), at(x1, y1), at(x0, y1));
            for p in [a, b, c, a, c, d] {
                corners.push((p.to_array(), n.to_array()));
            }
        };
        for (i, digit) in digits.iter().enumerate() {
            let left = -total / 2.0 + i as f32 * (w + gap);
            let (right, top, mid, bottom) = (left + w, h / 2.0, 0.0, -h / 2.0);
            for s in segments(*digit).chars() {
                match s {
                    'a' => bar(left, top - t, right, top),
                    'b' => bar(right - t, mid, right, top),
                    'c' => bar(right - t, bottom, right, mid),
                    'd' => bar(left, bottom, right, bottom + t),
                    'e' => bar(left, bottom, left + t, mid),
                    'f' => bar(left, mid, left + t, top),
                    _ => bar(left, mid - t / 2.0, right, mid + t / 2.0),
                }
            }
        }
        // 6 and 9 are underlined, so each reads the right way up.
        if value == 6 || value == 9 {
            bar(-w / 2.0, -h / 2.0 - 2.2 * t, w / 2.0, -h / 2.0 - 1.2 * t);
        }
    }
    flat_mesh(corners)
}

/// The camera of the dice tray's close-up.
#[derive(Component, Debug)]
pub struct TrayCamera;

/// The close-up's share of the window's height, and its aspect (the tray's).
const CLOSE_UP_H: f32 = 0.32;

/// A camera above the dice tray, drawn into a corner of the window over the table.
pub fn tray_camera(tray_at: Vec3) -> impl Bundle {
    let eye = tray_at + CLOSE_UP_EYE;
    (
        Name::new("Dice close-up"),
        TrayCamera,
        Camera3d::default(),
        Camera {
            order: 1,
            // The main view is already drawn: the close-up draws only over its corner.
            clear_color: ClearColorConfig::None,
            ..default()
        },
        Transform::from_translation(eye).looking_at(tray_at, Vec3::Y),
        DespawnOnExit(crate::game::Screen::Playing),
    )
}

/// Where the close-up looks from, relative to the dice it looks at.
const CLOSE_UP_EYE: Vec3 = Vec3::new(0.0, 0.11, 0.03);

/// The close-up follows the dice: it looks down at the middle of them, from high enough to see
/// them all.
pub fn follow_dice(
    time: Res<Time>,
    dice: Query<&GlobalTransform, With<super::DieBody>>,
    mut cameras: Query<&mut Transform, With<TrayCamera>>,
) {
    let n = dice.iter().count();
    if n == 0 {
        return;
    }
    let centre = dice.iter().map(|t| t.translation()).sum::<Vec3>() / n as f32;
    let spread = dice
        .iter()
        .map(|t| t.translation().distance(centre))
        .fold(0.0f32, f32::max);
    let eye = CLOSE_UP_EYE * (1.0 + spread / 0.1);
    let k = (time.delta_secs() * 6.0).min(1.0);
    for mut t in &mut cameras {
        let at = t.translation.lerp(centre + eye, k);
        *t = Transform::from_translation(at).looking_at(centre, Vec3::Y);
    }
}

/// Shows the close-up while the dice matter (rolling, or the roll just made, to place or take
/// off by), in the window's bottom right corner whatever the window's size; otherwise the table
/// is drawn once, not twice.
pub fn place_close_up(
    window: Query<&Window, With<PrimaryWindow>>,
    play: Res<super::play::MarblesPlay>,
    mut cameras: Query<&mut Camera, With<TrayCamera>>,
) {
    use crate::rules::marbles::Phase;
    let wanted =
        !play.still() || matches!(play.game.phase, Phase::Place { .. } | Phase::Triples { .. });
    for mut camera in &mut cameras {
        if camera.is_active != wanted {
            camera.is_active = wanted;
        }
    }
    let Ok(window) = window.single() else { return };
    let size = window.physical_size();
    let h = (size.y as f32 * CLOSE_UP_H) as u32;
    let w = (h as f32 * 1.4) as u32;
    let margin = (size.y as f32 * 0.015) as u32;
    if w + margin >= size.x || h + margin >= size.y {
        return;
    }
    let viewport = Viewport {
        physical_position: UVec2::new(size.x - w - margin, size.y - h - margin),
        physical_size: UVec2::new(w, h),
        ..default()
    };
    for mut camera in &mut cameras {
        let same = camera.viewport.as_ref().is_some_and(|v| {
            v.physical_position == viewport.physical_position
                && v.physical_size == viewport.physical_size
        });
        if !same {
            camera.viewport = Some(viewport.clone());
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    fn triangles(mesh: &Mesh) -> Vec<([Vec3; 3], Vec3)> {
        let Some(VertexAttributeValues::Float32x3(p)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION)
        else {
            panic!("positions")
        };
        let Some(VertexAttributeValues::Float32x3(n)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL)
        else {
            panic!("normals")
        };
        p.chunks(3)
            .zip(n.chunks(3))
            .map(|(t, n)| {
                (
                    [t[0], t[1], t[2]].map(Vec3::from_array),
                    Vec3::from_array(n[0]),
                )
            })
            .collect()
    }

    #[test]
    fn the_d12_is_drawn_as_its_collider_with_its_number_on_each_face() {
        let body = triangles(&d12_mesh());
        assert_eq!(body.len(), 36, "twelve pentagons, three triangles each");
        for (t, n) in &body {
            // Every corner on the face plane the physics reads; the triangle faces outwards.
            for p in t {
                assert!((p.dot(*n) - D12_INRADIUS).abs() < 1e-5);
            }
            assert!((t[1] - t[0]).cross(t[2] - t[0]).dot(*n) > 0.0);
        }
        let numbers = triangles(&d12_numbers_mesh());
        for (normal, value) in faces(Die::D12) {
            let n = v3(normal);
            let digits: Vec<u8> = if value >= 10 {
                vec![value / 10, value % 10]
            } else {
                vec![value]
            };
            let bars: usize = digits.iter().map(|d| segments(*d).len()).sum::<usize>()
                + usize::from(value == 6 || value == 9);
            let on_face: Vec<_> = numbers.iter().filter(|(_, m)| m.dot(n) > 0.999).collect();
            assert_eq!(on_face.len(), 2 * bars, "face {value}");
            for (t, _) in on_face {
                for p in t {
                    // Just above the face, and inside it.
                    let height = p.dot(n) - D12_INRADIUS;
                    assert!(height > 0.0 && height < 0.0002, "face {value}");
                    assert!(
                        (*p - n * p.dot(n)).length() < D12_INRADIUS * 0.7,
                        "face {value}"
                    );
                }
            }
        }
    }
}
