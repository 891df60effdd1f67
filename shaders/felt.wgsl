// Baize: a soft fibre noise over a slow mottle, the fibres catching the light at grazing angles.
#define_import_path muggins::felt

#import bevy_pbr::pbr_types::PbrInput
#import muggins::noise

fn shade(input: PbrInput, pos: vec3<f32>, scale: f32, sheen: vec3<f32>) -> PbrInput {
    var p = input;
    let fibre = noise::value2(pos.xz * scale);
    let mottle = noise::fbm2(pos.xz * 5.0 + pos.y);
    let k = 0.82 + 0.24 * fibre + 0.5 * (mottle - 0.375);
    let grazing = pow(1.0 - saturate(dot(p.N, p.V)), 2.0);
    let base = p.material.base_color.rgb * k + sheen * grazing * 0.3;
    p.material.base_color = vec4<f32>(base, p.material.base_color.a);
    p.material.perceptual_roughness = 0.97;
    p.material.reflectance = vec3<f32>(0.2);
    return p;
}
