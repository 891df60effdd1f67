// Baize: a soft fibre noise over a slow mottle, the fibres catching the light at grazing angles.
#define_import_path muggins::felt

#import bevy_pbr::pbr_types::PbrInput
#import muggins::noise

fn shade(input: PbrInput, pos: vec3<f32>, scale: f32, sheen: vec3<f32>) -> PbrInput {
    var p = input;
    let fibre = noise::value3(pos * scale);
    let nap = noise::value3(pos * vec3(scale * 0.3, scale, scale * 1.6) + vec3(7.0, 3.0, 1.0));
    let mottle = noise::fbm3(pos * 5.0);
    let k = 0.8 + 0.22 * fibre + 0.1 * nap + 0.45 * (mottle - 0.47);
    let grazing = pow(1.0 - saturate(dot(p.N, p.V)), 2.0);
    let base = p.material.base_color.rgb * k + sheen * grazing * 0.3;
    p.material.base_color = vec4<f32>(base, p.material.base_color.a);
    p.material.perceptual_roughness = 0.97;
    p.material.reflectance = vec3<f32>(0.2);
    return p;
}
