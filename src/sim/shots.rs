//! Checks screenshots from the scripted real-window run: each PNG must exist, decode, and show
//! more than one colour.

use std::path::Path;

/// What a screenshot looks like, in brief.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ShotStats {
    pub width: u32,
    pub height: u32,
    /// Distinct colours among sampled pixels (at most 256 are counted).
    pub colours: usize,
}

/// Reads a PNG and counts its colours; an error says what is wrong with it.
pub fn inspect(path: &Path) -> Result<ShotStats, String> {
    let file = std::fs::File::open(path).map_err(|e| format!("cannot open: {e}"))?;
    let mut decoder = png::Decoder::new(std::io::BufReader::new(file));
    decoder.set_transformations(png::Transformations::EXPAND | png::Transformations::STRIP_16);
    let mut reader = decoder.read_info().map_err(|e| format!("not a PNG: {e}"))?;
    let mut buf = vec![0; reader.output_buffer_size().ok_or("image too large")?];
    let frame = reader
        .next_frame(&mut buf)
        .map_err(|e| format!("cannot decode: {e}"))?;
    let channels = frame.color_type.samples();
    let pixels = &buf[..frame.buffer_size()];
    Ok(ShotStats {
        width: frame.width,
        height: frame.height,
        colours: count_colours(pixels, channels, 256),
    })
}

/// Distinct pixel values in `pixels` (`channels` bytes each), counting up to `cap`.
pub fn count_colours(pixels: &[u8], channels: usize, cap: usize) -> usize {
    let mut seen: Vec<&[u8]> = Vec::new();
    for px in pixels.chunks_exact(channels.max(1)) {
        if !seen.contains(&px) {
            seen.push(px);
            if seen.len() >= cap {
                break;
            }
        }
    }
    seen.len()
}

/// Why a screenshot fails the smoke test, if it does.
pub fn verdict(path: &Path) -> Result<ShotStats, String> {
    let stats = inspect(path)?;
    if stats.width == 0 || stats.height == 0 {
        return Err("empty image".into());
    }
    if stats.colours < 2 {
        return Err("blank: a single colour".into());
    }
    Ok(stats)
}

/// Prints a line per file; true when all pass.
pub fn report(files: &[impl AsRef<Path>]) -> bool {
    let mut ok = true;
    for f in files {
        let f = f.as_ref();
        match verdict(f) {
            Ok(s) => println!(
                "ok    {} ({}×{}, {}{} colours)",
                f.display(),
                s.width,
                s.height,
                s.colours,
                if s.colours >= 256 { "+" } else { "" }
            ),
            Err(e) => {
                ok = false;
                println!("FAIL  {}: {e}", f.display());
            }
        }
    }
    ok
}

#[cfg(test)]
mod tests {
    use super::*;

    fn write_png(path: &Path, w: u32, h: u32, pixel: impl Fn(u32, u32) -> [u8; 3]) {
        let file = std::fs::File::create(path).unwrap();
        let mut enc = png::Encoder::new(std::io::BufWriter::new(file), w, h);
        enc.set_color(png::ColorType::Rgb);
        enc.set_depth(png::BitDepth::Eight);
        let mut data = Vec::new();
        for y in 0..h {
            for x in 0..w {
                data.extend_from_slice(&pixel(x, y));
            }
        }
        enc.write_header().unwrap().write_image_data(&data).unwrap();
    }

    #[test]
    fn blank_missing_and_broken_files_fail_a_real_picture_passes() {
        let dir = std::env::temp_dir().join(format!("muggins-shots-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let blank = dir.join("blank.png");
        write_png(&blank, 32, 16, |_, _| [10, 60, 30]);
        assert_eq!(verdict(&blank).unwrap_err(), "blank: a single colour");

        let picture = dir.join("picture.png");
        write_png(&picture, 32, 16, |x, y| [x as u8 * 8, y as u8 * 16, 128]);
        let stats = verdict(&picture).unwrap();
        assert_eq!((stats.width, stats.height), (32, 16));
        assert!(stats.colours > 100);

        let broken = dir.join("broken.png");
        std::fs::write(&broken, b"\x89PNG but not really").unwrap();
        assert!(verdict(&broken).unwrap_err().starts_with("not a PNG"));
        assert!(
            verdict(&dir.join("missing.png"))
                .unwrap_err()
                .starts_with("cannot open")
        );

        assert!(report(&[&picture]));
        assert!(!report(&[&picture, &blank]));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn colours_are_counted_per_pixel_not_per_byte() {
        assert_eq!(count_colours(&[1, 2, 3, 1, 2, 3], 3, 10), 1);
        assert_eq!(count_colours(&[1, 2, 3, 3, 2, 1], 3, 10), 2);
        assert_eq!(count_colours(&[0, 1, 2, 3, 4], 1, 3), 3);
    }
}
