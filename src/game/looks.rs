//! The table's materials: Bevy's `StandardMaterial` (its lighting and shadows) extended by one
//! WGSL fragment shader (`shaders/craft.wgsl`) that draws felt, wood, ivory, glass or engraved
//! marks over the base colour. The shaders are compiled into the binary, so the release build
//! finds them wherever it runs.

use bevy::asset::uuid_handle;
use bevy::pbr::{ExtendedMaterial, MaterialExtension};
use bevy::prelude::*;
use bevy::render::render_resource::{AsBindGroup, ShaderType};
use bevy::shader::{Shader, ShaderRef};

/// Every piece's material: the standard one with a [`Craft`] surface.
pub type Crafted = ExtendedMaterial<StandardMaterial, Craft>;

/// The surface a [`Crafted`] material draws (the `kind` in `craft.wgsl`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Reflect)]
pub enum Kind {
    /// The standard material as it is.
    Plain = 0,
    /// Baize: fibre noise, a sheen at grazing angles. `tint`: the sheen.
    Felt = 1,
    /// Rings and fibres along x. `tint`: the dark latewood; `planks`: boards this wide.
    Wood = 2,
    /// Cream with grain lines. `tint`: the warmth light picks up inside it.
    Ivory = 3,
    /// A marble: a core of `tint` × the colour, a clear rim.
    Glass = 4,
    /// A painted hollow (over a mesh whose uv spans the mark). `tint`: its lit wall.
    Engraved = 5,
}

/// The uniform `craft.wgsl` reads (its `Look`).
#[derive(ShaderType, Clone, Copy, Debug, Reflect)]
pub struct Look {
    pub tint: Vec4,
    pub kind: u32,
    /// The pattern's frequency: features per metre (felt, wood) or per uv unit (ivory).
    pub scale: f32,
    /// Wood: a plank's width in metres, 0 for none.
    pub planks: f32,
    /// Shifts the pattern, so two pieces of one wood differ.
    pub seed: f32,
}

/// The extension's data: one [`Look`].
#[derive(Asset, AsBindGroup, Reflect, Debug, Clone)]
pub struct Craft {
    #[uniform(100)]
    pub look: Look,
}

impl Craft {
    pub fn new(kind: Kind, tint: Color, scale: f32) -> Craft {
        Craft {
            look: Look {
                tint: tint.to_linear().to_vec4(),
                kind: kind as u32,
                scale,
                planks: 0.0,
                seed: 0.0,
            },
        }
    }

    pub fn plain() -> Craft {
        Craft::new(Kind::Plain, Color::WHITE, 1.0)
    }

    pub fn planks(mut self, width: f32) -> Craft {
        self.look.planks = width;
        self
    }

    pub fn seed(mut self, seed: f32) -> Craft {
        self.look.seed = seed;
        self
    }
}

const CRAFT_SHADER: Handle<Shader> = uuid_handle!("6f1c6c8e-1b8e-4d1e-9a57-6d2c3f0b8a11");

impl MaterialExtension for Craft {
    fn fragment_shader() -> ShaderRef {
        CRAFT_SHADER.into()
    }
}

/// A crafted material from a standard one and its surface.
pub fn crafted(base: StandardMaterial, craft: Craft) -> Crafted {
    ExtendedMaterial {
        base,
        extension: craft,
    }
}

/// The shaders, as `craft.wgsl` imports them; the libraries register under their
/// `#define_import_path`.
const SOURCES: [(&str, &str); 7] = [
    ("noise.wgsl", include_str!("../../shaders/noise.wgsl")),
    ("felt.wgsl", include_str!("../../shaders/felt.wgsl")),
    ("wood.wgsl", include_str!("../../shaders/wood.wgsl")),
    ("ivory.wgsl", include_str!("../../shaders/ivory.wgsl")),
    ("glass.wgsl", include_str!("../../shaders/glass.wgsl")),
    ("engraved.wgsl", include_str!("../../shaders/engraved.wgsl")),
    ("craft.wgsl", include_str!("../../shaders/craft.wgsl")),
];

/// The materials: drawn through the renderer when there is one, kept as plain assets (for the
/// scenes' handles) in the headless tests. Added before the room, whose palette uses them.
pub(super) fn plugin(app: &mut App) {
    if app.world().contains_resource::<Assets<Shader>>() {
        app.add_plugins(MaterialPlugin::<Crafted>::default());
        let mut shaders = app.world_mut().resource_mut::<Assets<Shader>>();
        for (name, source) in SOURCES {
            let shader = Shader::from_wgsl(source, format!("muggins/{name}"));
            if name == "craft.wgsl" {
                let _ = shaders.insert(&CRAFT_SHADER, shader);
            } else {
                // A library lives while a strong handle to it does: for the whole run.
                std::mem::forget(shaders.add(shader));
            }
        }
    } else {
        app.init_asset::<Crafted>();
    }
}
