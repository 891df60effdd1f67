//! The game's sounds, synthesised at start-up (no sound files): a few struck modes and a little
//! filtered noise each, rendered once to mono samples. Every sound is played back at a volume
//! and a speed (pitch) chosen per play: [`Voice`]. Pure: nothing here needs Bevy.

use crate::physics::body::Surface;

/// Samples a second.
pub const RATE: u32 = 44_100;

/// The loudest sample any sound reaches as rendered: headroom under 1 (full scale).
pub const PEAK: f32 = 0.8;

/// Every sound the table makes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sound {
    /// A die striking the tray: a hard, bright knock with a short rattle.
    Clatter,
    /// A glass marble dropping into its hole on the board.
    Click,
    /// A domino tile set down: a dry, woody clack.
    Clack,
    /// A Kugelbox ball knocking against the box's wood.
    Knock,
    /// A Kugelbox ball rolling: a loop whose volume and speed follow the ball's.
    Roll,
    /// A ball dropping into a pocket: a hollow thud and a small bounce.
    Drop,
    /// A chip flipped or moved: two quick light taps.
    Flip,
    /// A menu button: a soft, short tick.
    Menu,
    /// A human seat's turn: two bell notes, rising.
    Chime,
}

impl Sound {
    pub const ALL: [Sound; 9] = [
        Sound::Clatter,
        Sound::Click,
        Sound::Clack,
        Sound::Knock,
        Sound::Roll,
        Sound::Drop,
        Sound::Flip,
        Sound::Menu,
        Sound::Chime,
    ];
}

/// One sound played: how loud (linear, 0 to 1, before the master volume) and how fast (1 as
/// rendered; faster is higher).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Voice {
    pub sound: Sound,
    pub gain: f32,
    pub speed: f32,
}

impl Voice {
    pub fn new(sound: Sound, gain: f32) -> Voice {
        Voice {
            sound,
            gain,
            speed: 1.0,
        }
    }
}

/// The sound of an impact (the body's surface, what it struck, the force over the body's
/// threshold: 1 a light knock): harder is louder and a little higher, on a log scale, as the ear
/// hears force. `None` for what makes no sound of its own.
pub fn impact_voice(what: Surface, against: Surface, strength: f32) -> Option<Voice> {
    if !strength.is_finite() || strength < 1.0 {
        return None;
    }
    let sound = match what {
        Surface::Die => Sound::Clatter,
        Surface::Tile => Sound::Clack,
        Surface::Ball => Sound::Knock,
        _ => return None,
    };
    let level = strength.ln();
    // On felt a knock is muffled.
    let soft = if against == Surface::Felt { 0.6 } else { 1.0 };
    Some(Voice {
        sound,
        gain: ((0.18 + 0.2 * level) * soft).clamp(0.08, 1.0),
        speed: (0.9 + 0.06 * level).clamp(0.85, 1.3),
    })
}

/// A small deterministic noise source (xorshift), so every start renders the same sounds.
struct Noise(u32);

impl Noise {
    fn next(&mut self) -> f32 {
        let mut x = self.0;
        x ^= x << 13;
        x ^= x >> 17;
        x ^= x << 5;
        self.0 = x;
        (x as f32 / u32::MAX as f32) * 2.0 - 1.0
    }
}

fn len(seconds: f32) -> usize {
    (seconds * RATE as f32) as usize
}

/// Struck modes: (frequency Hz, decay time s to 1/e, amplitude), starting at `at` seconds.
fn modes(out: &mut [f32], at: f32, partials: &[(f32, f32, f32)]) {
    let start = len(at);
    for (i, s) in out.iter_mut().enumerate().skip(start) {
        let t = (i - start) as f32 / RATE as f32;
        // A 1 ms attack keeps the onset from clicking.
        let attack = (t / 0.001).min(1.0);
        for &(f, decay, amp) in partials {
            *s += attack * amp * (-t / decay).exp() * (std::f32::consts::TAU * f * t).sin();
        }
    }
}

/// A burst of noise through a one-pole low-pass (`bright` 0..1: its cut-off), decaying.
fn burst(out: &mut [f32], at: f32, decay: f32, amp: f32, bright: f32, seed: u32) {
    let mut noise = Noise(seed.max(1));
    let mut low = 0.0f32;
    let start = len(at);
    for (i, s) in out.iter_mut().enumerate().skip(start) {
        let t = (i - start) as f32 / RATE as f32;
        low += bright * (noise.next() - low);
        // High-passing the low-passed noise a little keeps bursts from thumping.
        *s += amp * (-t / decay).exp() * low;
    }
}

/// Scales the samples so the loudest reaches `peak`.
fn normalise(mut out: Vec<f32>, peak: f32) -> Vec<f32> {
    let max = out.iter().fold(0.0f32, |m, s| m.max(s.abs()));
    if max > 0.0 {
        for s in &mut out {
            *s *= peak / max;
        }
    }
    out
}

/// A sound, rendered: mono samples at [`RATE`], none louder than [`PEAK`].
pub fn render(sound: Sound) -> Vec<f32> {
    let mut out;
    let mut peak = PEAK;
    match sound {
        Sound::Clatter => {
            out = vec![0.0; len(0.12)];
            modes(
                &mut out,
                0.0,
                &[
                    (2_650.0, 0.012, 1.0),
                    (4_120.0, 0.008, 0.7),
                    (6_300.0, 0.005, 0.4),
                ],
            );
            burst(&mut out, 0.0, 0.006, 0.9, 0.6, 11);
            // The die's corner catching: a smaller second knock.
            modes(&mut out, 0.028, &[(3_050.0, 0.008, 0.35)]);
            burst(&mut out, 0.028, 0.004, 0.3, 0.5, 12);
        }
        Sound::Click => {
            out = vec![0.0; len(0.15)];
            modes(
                &mut out,
                0.0,
                &[
                    (3_180.0, 0.03, 1.0),
                    (5_340.0, 0.02, 0.6),
                    (8_020.0, 0.012, 0.35),
                    (190.0, 0.02, 0.5),
                ],
            );
            modes(&mut out, 0.045, &[(3_200.0, 0.018, 0.3)]);
        }
        Sound::Clack => {
            out = vec![0.0; len(0.1)];
            modes(
                &mut out,
                0.0,
                &[
                    (920.0, 0.02, 1.0),
                    (1_730.0, 0.014, 0.6),
                    (2_610.0, 0.009, 0.4),
                ],
            );
            burst(&mut out, 0.0, 0.005, 0.8, 0.45, 21);
        }
        Sound::Knock => {
            out = vec![0.0; len(0.14)];
            modes(
                &mut out,
                0.0,
                &[
                    (410.0, 0.04, 1.0),
                    (1_120.0, 0.022, 0.5),
                    (2_300.0, 0.01, 0.3),
                ],
            );
            burst(&mut out, 0.0, 0.004, 0.6, 0.35, 31);
        }
        Sound::Roll => {
            // Half a second of rumble, its end faded into its start, so it loops unbroken.
            let n = len(0.5);
            let fade = len(0.05);
            let mut raw = vec![0.0; n + fade];
            burst(&mut raw, 0.0, 1.0e9, 1.0, 0.04, 41);
            let mut wobble = vec![0.0; n + fade];
            modes(&mut wobble, 0.0, &[(14.0, 1.0e9, 0.35)]);
            let raw: Vec<f32> = raw
                .iter()
                .zip(&wobble)
                .map(|(r, w)| r * (1.0 + w))
                .collect();
            out = raw[..n].to_vec();
            for i in 0..fade {
                let k = i as f32 / fade as f32;
                out[i] = out[i] * k + raw[n + i] * (1.0 - k);
            }
            peak = PEAK * 0.6;
        }
        Sound::Drop => {
            out = vec![0.0; len(0.3)];
            modes(
                &mut out,
                0.0,
                &[
                    (140.0, 0.09, 1.0),
                    (330.0, 0.05, 0.5),
                    (1_050.0, 0.015, 0.3),
                ],
            );
            burst(&mut out, 0.0, 0.006, 0.4, 0.3, 51);
            modes(
                &mut out,
                0.09,
                &[(150.0, 0.05, 0.35), (1_100.0, 0.01, 0.12)],
            );
        }
        Sound::Flip => {
            out = vec![0.0; len(0.12)];
            modes(
                &mut out,
                0.0,
                &[(2_200.0, 0.01, 0.8), (3_400.0, 0.007, 0.4)],
            );
            modes(
                &mut out,
                0.055,
                &[(2_050.0, 0.012, 1.0), (3_300.0, 0.008, 0.4)],
            );
            burst(&mut out, 0.055, 0.003, 0.3, 0.5, 61);
        }
        Sound::Menu => {
            out = vec![0.0; len(0.05)];
            modes(
                &mut out,
                0.0,
                &[(1_650.0, 0.008, 1.0), (3_300.0, 0.004, 0.25)],
            );
            peak = PEAK * 0.5;
        }
        Sound::Chime => {
            out = vec![0.0; len(0.9)];
            // Bell partials (the bell's minor third and its inharmonic hum) on two notes.
            let bell = |f: f32, a: f32| {
                [
                    (f, 0.35, a),
                    (f * 2.0, 0.2, a * 0.4),
                    (f * 2.76, 0.12, a * 0.25),
                    (f * 0.5, 0.3, a * 0.2),
                ]
            };
            modes(&mut out, 0.0, &bell(880.0, 0.8));
            modes(&mut out, 0.13, &bell(1_318.5, 1.0));
            peak = PEAK * 0.7;
        }
    }
    normalise(out, peak)
}

/// A voice as it is heard: the sound resampled at the voice's speed (linearly) and scaled by
/// its gain, before the master volume.
pub fn heard(voice: Voice, samples: &[f32]) -> Vec<f32> {
    let speed = voice.speed.max(0.01);
    let n = (samples.len() as f32 / speed) as usize;
    (0..n)
        .map(|i| {
            let x = i as f32 * speed;
            let (j, k) = (x as usize, x.fract());
            let a = samples.get(j).copied().unwrap_or(0.0);
            let b = samples.get(j + 1).copied().unwrap_or(0.0);
            voice.gain * (a + (b - a) * k)
        })
        .collect()
}

/// The root-mean-square level of samples.
pub fn rms(samples: &[f32]) -> f32 {
    if samples.is_empty() {
        return 0.0;
    }
    (samples.iter().map(|s| s * s).sum::<f32>() / samples.len() as f32).sqrt()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_sound_is_heard_and_none_clips() {
        for sound in Sound::ALL {
            let s = render(sound);
            let peak = s.iter().fold(0.0f32, |m, x| m.max(x.abs()));
            assert!(s.len() > len(0.03), "{sound:?} is too short");
            assert!(rms(&s) > 0.01, "{sound:?} is silent: rms {}", rms(&s));
            assert!(peak <= PEAK + 1e-6, "{sound:?} peaks at {peak}");
            assert!(s.iter().all(|x| x.is_finite()), "{sound:?}");
        }
    }

    #[test]
    fn harder_impacts_are_louder_and_higher() {
        let samples = render(Sound::Clatter);
        let voices: Vec<Voice> = [1.5, 4.0, 20.0, 200.0]
            .into_iter()
            .map(|f| impact_voice(Surface::Die, Surface::Wood, f).unwrap())
            .collect();
        for w in voices.windows(2) {
            assert!(w[1].gain > w[0].gain, "{w:?}");
            assert!(w[1].speed >= w[0].speed, "{w:?}");
            assert!(
                rms(&heard(w[1], &samples)) > rms(&heard(w[0], &samples)),
                "{w:?}"
            );
        }
        assert!(impact_voice(Surface::Die, Surface::Wood, 0.5).is_none());
        assert!(impact_voice(Surface::Die, Surface::Wood, f32::NAN).is_none());
        assert!(impact_voice(Surface::Wood, Surface::Die, 9.0).is_none());
    }

    #[test]
    fn the_roll_loops_without_a_jump() {
        let s = render(Sound::Roll);
        let (first, last) = (s[0], s[s.len() - 1]);
        let step = s
            .windows(2)
            .map(|w| (w[1] - w[0]).abs())
            .fold(0.0f32, f32::max);
        assert!(
            (first - last).abs() <= step * 1.5,
            "{first} vs {last}, step {step}"
        );
    }
}
