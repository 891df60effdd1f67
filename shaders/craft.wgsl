// The table's one material: Bevy's standard PBR (its lighting and shadows) with a surface drawn
// over the base colour by kind: felt, wood, ivory, glass or engraved marks. Forward only (the
// table has no deferred pass).
#import bevy_pbr::{
    pbr_fragment::pbr_input_from_standard_material,
    pbr_functions::alpha_discard,
}
#import bevy_pbr::{
    forward_io::{VertexOutput, FragmentOutput},
    pbr_functions::{apply_pbr_lighting, main_pass_post_lighting_processing},
}
#import muggins::felt
#import muggins::wood
#import muggins::ivory
#import muggins::glass
#import muggins::engraved

// Kept in step with `Look` in src/game/looks.rs.
struct Look {
    tint: vec4<f32>,
    kind: u32,
    scale: f32,
    planks: f32,
    seed: f32,
}

@group(#{MATERIAL_BIND_GROUP}) @binding(100) var<uniform> look: Look;

const PLAIN: u32 = 0u;
const FELT: u32 = 1u;
const WOOD: u32 = 2u;
const IVORY: u32 = 3u;
const GLASS: u32 = 4u;
const ENGRAVED: u32 = 5u;

@fragment
fn fragment(in: VertexOutput, @builtin(front_facing) is_front: bool) -> FragmentOutput {
    var pbr_input = pbr_input_from_standard_material(in, is_front);
    let pos = in.world_position.xyz;
#ifdef VERTEX_UVS_A
    let uv = in.uv;
#else
    let uv = pos.xz * 10.0;
#endif
    switch look.kind {
        case FELT: {
            pbr_input = felt::shade(pbr_input, pos, look.scale, look.tint.rgb);
        }
        case WOOD: {
            pbr_input = wood::shade(pbr_input, pos, look.scale, look.tint.rgb, look.planks, look.seed);
        }
        case IVORY: {
            pbr_input = ivory::shade(pbr_input, vec3<f32>(uv * look.scale, look.seed), look.tint.rgb);
        }
        case GLASS: {
            pbr_input = glass::shade(pbr_input, look.tint.rgb);
        }
        case ENGRAVED: {
            pbr_input = engraved::shade(pbr_input, uv, look.tint.rgb);
        }
        default: {}
    }
    pbr_input.material.base_color = alpha_discard(pbr_input.material, pbr_input.material.base_color);
    var out: FragmentOutput;
    out.color = apply_pbr_lighting(pbr_input);
    out.color = main_pass_post_lighting_processing(pbr_input, out.color);
    return out;
}
