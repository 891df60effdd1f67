// Value noise for the table's materials: cheap, smooth, and the same on every GPU.
#define_import_path muggins::noise

fn hash3(p: vec3<f32>) -> f32 {
    var q = fract(p * 0.1031);
    q = q + dot(q, q.zyx + 31.32);
    return fract((q.x + q.y) * q.z);
}

fn hash2(p: vec2<f32>) -> f32 {
    var q = fract(p * vec2<f32>(0.1031, 0.1030));
    q = q + dot(q, q.yx + 33.33);
    return fract((q.x + q.y) * q.x);
}

// Smooth noise in [0, 1] with features about one unit apart, over a plane.
fn value2(p: vec2<f32>) -> f32 {
    let i = floor(p);
    let f = fract(p);
    let u = f * f * (3.0 - 2.0 * f);
    let x0 = mix(hash2(i), hash2(i + vec2(1.0, 0.0)), u.x);
    let x1 = mix(hash2(i + vec2(0.0, 1.0)), hash2(i + vec2(1.0, 1.0)), u.x);
    return mix(x0, x1, u.y);
}

// Two octaves of `value2`: in [0, 0.75], about 0.375 on average. Software renderers draw the
// whole table with this, so it stays this cheap.
fn fbm2(p: vec2<f32>) -> f32 {
    return 0.5 * value2(p) + 0.25 * value2(p * 2.03 + vec2(1.7, 9.2));
}
