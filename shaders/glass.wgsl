// Glass marbles: a clear rim round a deep coloured core, bright where the glass turns away.
#define_import_path muggins::glass

#import bevy_pbr::pbr_types::PbrInput

fn shade(input: PbrInput, core: vec3<f32>) -> PbrInput {
    var p = input;
    let facing = saturate(dot(p.N, p.V));
    let rim = pow(1.0 - facing, 3.0);
    let colour = p.material.base_color.rgb;
    let body = mix(colour * core, colour * 0.6 + vec3<f32>(0.35), rim);
    p.material.base_color = vec4<f32>(body, p.material.base_color.a);
    // The core glows through the glass where it faces the eye.
    let glow = colour * core * pow(facing, 6.0) * 0.5;
    p.material.emissive = vec4<f32>(p.material.emissive.rgb + glow, p.material.emissive.a);
    p.material.perceptual_roughness = 0.05;
    p.material.reflectance = vec3<f32>(0.8);
    return p;
}
