//! Files written whole or not at all, files read within a size, and names from files made safe
//! to print. Every file the game writes (settings, saved records, the autosave) goes through
//! [`write_atomic`]: a temporary file in the same folder, flushed to the disk, then renamed over
//! the old one, so a kill or a power cut at any moment leaves the old file or the new, never a
//! torn one.

use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicU64, Ordering};

/// Temporary files so far in this process: each write gets its own name.
static TEMPS: AtomicU64 = AtomicU64::new(0);

/// The temporary file a write of `path` goes through: hidden, in the same folder (a rename
/// within one file system is atomic), unique to this process and this write.
fn temp_for(path: &Path) -> PathBuf {
    let name = path
        .file_name()
        .map_or_else(|| "file".into(), |n| n.to_string_lossy().into_owned());
    let n = TEMPS.fetch_add(1, Ordering::Relaxed);
    path.with_file_name(format!(".{name}.{}.{n}.tmp", std::process::id()))
}

/// Writes `bytes` to `path` atomically, creating its folder: the old file stays whole until the
/// new one is complete on the disk.
pub fn write_atomic(path: &Path, bytes: &[u8]) -> Result<(), String> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d.to_path_buf(),
        _ => PathBuf::from("."),
    };
    std::fs::create_dir_all(&dir).map_err(|e| format!("cannot create {}: {e}", dir.display()))?;
    let tmp = temp_for(path);
    let written = (|| {
        let mut f = std::fs::File::create(&tmp)?;
        f.write_all(bytes)?;
        f.sync_all()
    })();
    if let Err(e) = written {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", path.display()));
    }
    if let Err(e) = std::fs::rename(&tmp, path) {
        let _ = std::fs::remove_file(&tmp);
        return Err(format!("cannot write {}: {e}", path.display()));
    }
    // The rename itself reaches the disk with the folder (not every system can sync a folder;
    // the file is whole either way).
    if let Ok(d) = std::fs::File::open(&dir) {
        let _ = d.sync_all();
    }
    Ok(())
}

/// Removes what writes killed part-way left in `dir`: the temporary files of other processes
/// (this one's may be in use). The files they were writing are untouched.
pub fn sweep_temporaries(dir: &Path) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    let own = format!(".{}.", std::process::id());
    for e in entries.flatten() {
        let name = e.file_name().to_string_lossy().into_owned();
        if name.starts_with('.') && name.ends_with(".tmp") && !name.contains(&own) {
            let _ = std::fs::remove_file(e.path());
        }
    }
}

/// Reads `path` as text if it holds at most `cap` bytes; a larger file is refused before it is
/// read, with its size in the message.
pub fn read_capped(path: &Path, cap: u64) -> Result<String, String> {
    let f =
        std::fs::File::open(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let len = f.metadata().map(|m| m.len()).unwrap_or(0);
    let too_big = |len: u64| {
        format!(
            "{} is {}; a file here may be at most {}",
            path.display(),
            size(len),
            size(cap)
        )
    };
    if len > cap {
        return Err(too_big(len));
    }
    // The file may grow while it is read: never take more than the cap.
    let mut bytes = Vec::with_capacity(len as usize);
    f.take(cap + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if bytes.len() as u64 > cap {
        return Err(too_big(bytes.len() as u64));
    }
    String::from_utf8(bytes).map_err(|e| {
        format!(
            "{} is not text (a byte that is not UTF-8 at {})",
            path.display(),
            e.utf8_error().valid_up_to()
        )
    })
}

/// A size for people: "512 bytes", "16.5 MB".
pub fn size(bytes: u64) -> String {
    if bytes < 10_000 {
        format!("{bytes} bytes")
    } else if bytes < 10_000_000 {
        format!("{:.1} kB", bytes as f64 / 1e3)
    } else {
        format!("{:.1} MB", bytes as f64 / 1e6)
    }
}

/// Most characters of a name from a file that a message shows.
pub const NAME_CHARS: usize = 40;

/// A name read from a file or typed on the command line, safe inside a one-line message: control
/// characters (a newline, an escape sequence) are shown escaped, and a long name is cut to
/// [`NAME_CHARS`] with "…" and its length.
pub fn shown(name: &str) -> String {
    let count = name.chars().count();
    let mut out = String::new();
    for c in name.chars().take(NAME_CHARS) {
        if c.is_control() || c == '\u{7f}' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    if count > NAME_CHARS {
        out.push_str(&format!("… ({count} characters)"));
    }
    out
}

/// A whole message made one safe line: control characters escaped, cut to `max` characters.
pub fn one_line(msg: &str, max: usize) -> String {
    let mut out = String::new();
    for (i, c) in msg.chars().enumerate() {
        if i == max {
            out.push('…');
            break;
        }
        if c.is_control() || c == '\u{7f}' {
            out.extend(c.escape_default());
        } else {
            out.push(c);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn temp_dir(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("muggins-files-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        dir
    }

    #[test]
    fn atomic_write_replaces_whole_and_leaves_no_temporary() {
        let dir = temp_dir("atomic");
        let path = dir.join("deep").join("a.json");
        write_atomic(&path, b"first").unwrap();
        write_atomic(&path, b"second, longer").unwrap();
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        let left: Vec<_> = std::fs::read_dir(path.parent().unwrap())
            .unwrap()
            .flatten()
            .map(|e| e.file_name())
            .collect();
        assert_eq!(left, vec![std::ffi::OsString::from("a.json")]);
        // What a killed writer leaves is swept; the file stays.
        let stale = path.with_file_name(".a.json.1.0.tmp");
        std::fs::write(&stale, b"sec").unwrap();
        sweep_temporaries(path.parent().unwrap());
        assert!(!stale.exists());
        assert_eq!(std::fs::read(&path).unwrap(), b"second, longer");
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn a_failed_write_keeps_the_old_file() {
        let dir = temp_dir("fail");
        let path = dir.join("a.json");
        write_atomic(&path, b"old").unwrap();
        // A folder where the file should go: the rename fails, the folder is untouched.
        let blocked = dir.join("b.json");
        std::fs::create_dir_all(blocked.join("inside")).unwrap();
        assert!(write_atomic(&blocked, b"new").is_err());
        assert!(blocked.join("inside").is_dir());
        assert_eq!(std::fs::read(&path).unwrap(), b"old");
        let temps = std::fs::read_dir(&dir)
            .unwrap()
            .flatten()
            .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
            .count();
        assert_eq!(temps, 0);
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn capped_reads_refuse_large_files_by_their_size() {
        let dir = temp_dir("capped");
        std::fs::create_dir_all(&dir).unwrap();
        let path = dir.join("big.json");
        std::fs::write(&path, vec![b'x'; 20_000]).unwrap();
        assert_eq!(read_capped(&path, 20_000).unwrap().len(), 20_000);
        let e = read_capped(&path, 19_999).unwrap_err();
        assert!(e.contains("20.0 kB") && e.contains("at most"), "{e}");
        std::fs::write(&path, [0xff, 0xfe]).unwrap();
        assert!(read_capped(&path, 100).unwrap_err().contains("not text"));
        std::fs::remove_dir_all(dir).unwrap();
    }

    #[test]
    fn names_are_shown_on_one_line_and_cut() {
        assert_eq!(shown("classic"), "classic");
        assert_eq!(shown("a\nb\u{1b}[31m"), "a\\nb\\u{1b}[31m");
        let long = "x".repeat(10_000_000);
        let s = shown(&long);
        assert!(s.len() < 80 && s.ends_with("(10000000 characters)"), "{s}");
        assert_eq!(one_line("a\r\nb", 10), "a\\r\\nb");
        assert_eq!(one_line("abcdef", 3), "abc…");
    }
}
