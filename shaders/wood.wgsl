// Wood: growth rings round a log lying along x, warped by noise, with fine fibres along the
// grain; with `planks` (a plank's width in metres), boards side by side with dark seams.
#define_import_path muggins::wood

#import bevy_pbr::pbr_types::PbrInput
#import muggins::noise

fn shade(
    input: PbrInput,
    pos: vec3<f32>,
    scale: f32,
    late: vec3<f32>,
    planks: f32,
    seed: f32,
) -> PbrInput {
    var p = input;
    var q = pos;
    var board = 0.0;
    var seam = 1.0;
    if planks > 0.0 {
        board = floor(q.z / planks);
        let across = fract(q.z / planks) * planks;
        let edge = min(across, planks - across);
        seam = 0.45 + 0.55 * smoothstep(0.0008, 0.003, edge);
        q = q + vec3(noise::hash3(vec3(board, seed, 1.0)) * 5.0, board * 0.61, 0.0);
    }
    // The grain runs along x: a plane's pattern from x and the other two together keeps the
    // top, the sides and the ends all grained, at 2D noise's price.
    let across = q.y + q.z;
    let warp = noise::fbm2(vec2<f32>(q.x * 0.2, across * 0.75) * scale + vec2<f32>(seed));
    let centre = vec2<f32>(0.35 + seed * 0.13 + board * 0.07, -0.2);
    let r = length(q.yz * scale + centre) + warp * 1.4;
    let ring = fract(r * 5.0);
    let band = smoothstep(0.0, 0.2, ring) * (1.0 - smoothstep(0.6, 1.0, ring));
    let fibre = noise::value2(vec2<f32>(q.x * 6.0, across * 240.0));
    let k = saturate(0.6 * band + 0.3 * fibre + 0.15 * warp);
    let base = mix(late, p.material.base_color.rgb, k) * seam;
    p.material.base_color = vec4<f32>(base, p.material.base_color.a);
    p.material.perceptual_roughness = clamp(p.material.perceptual_roughness + 0.15 * (0.5 - fibre), 0.2, 1.0);
    return p;
}
