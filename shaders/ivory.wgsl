// Ivory (and bone): a warm cream with faint grain lines and a soft, waxy gloss.
#define_import_path muggins::ivory

#import bevy_pbr::pbr_types::PbrInput
#import muggins::noise

fn shade(input: PbrInput, at: vec3<f32>, warm: vec3<f32>) -> PbrInput {
    var p = input;
    let lines = noise::value2(at.xy * vec2<f32>(3.0, 60.0) + at.z);
    let cloud = noise::value2(at.xy * 4.0 + at.z);
    let k = 0.94 + 0.05 * lines + 0.06 * (cloud - 0.5);
    // Light scattered inside the tile warms the faces turned from the light a little.
    let wrap = (1.0 - saturate(dot(p.N, p.V))) * 0.08;
    let base = p.material.base_color.rgb * k + warm * wrap;
    p.material.base_color = vec4<f32>(base, p.material.base_color.a);
    p.material.perceptual_roughness = 0.32 + 0.08 * lines;
    return p;
}
