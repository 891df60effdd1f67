// Engraved marks (a tile's pips, its dividing line): a hollow filled with paint, its far wall
// catching the light and its near wall in shade. Works on any mesh whose uv runs 0..1 across
// the mark.
#define_import_path muggins::engraved

#import bevy_pbr::pbr_types::PbrInput

fn shade(input: PbrInput, uv: vec2<f32>, wall: vec3<f32>) -> PbrInput {
    var p = input;
    let d = uv - vec2<f32>(0.5);
    let r = length(d) * 2.0;
    let towards = dot(d / max(length(d), 1e-4), vec2<f32>(0.6, 0.8));
    let rim = smoothstep(0.55, 0.95, r) * (0.5 + 0.5 * towards);
    let base = mix(p.material.base_color.rgb, wall, rim);
    p.material.base_color = vec4<f32>(base, p.material.base_color.a);
    p.material.perceptual_roughness = mix(0.8, 0.4, rim);
    return p;
}
