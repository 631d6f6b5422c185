//! What can go wrong saving or loading, and where: [`SaveError`] and [`SavePart`].

use std::fmt;
use std::path::PathBuf;

use super::{FORMAT_VERSION, MAGIC};

/// Which part of a save file a check was about.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SavePart {
    /// The header (everything before the payload).
    Header,
    /// The payload.
    Payload,
}

impl fmt::Display for SavePart {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            SavePart::Header => "header",
            SavePart::Payload => "payload",
        })
    }
}

/// Why a save could not be written or read: what failed, and where.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SaveError {
    /// The value could not be written as RON.
    Serialize(String),
    /// The file does not start with [`MAGIC`].
    WrongMagic {
        /// The first bytes found (up to eight).
        found: Vec<u8>,
    },
    /// The header declares a format version this build cannot read.
    UnknownVersion {
        /// The version found.
        found: u16,
    },
    /// The file ends inside the header or the payload.
    Truncated {
        /// The part cut short.
        part: SavePart,
        /// Bytes the file needs up to the end of that part.
        needed: u64,
        /// Bytes the file has.
        found: u64,
    },
    /// The scramble parameters in the header cannot be right.
    BadScrambleParameters {
        /// Byte offset of the bad field.
        offset: u64,
        /// What is wrong with it.
        problem: String,
    },
    /// A CRC32 does not match: the file was changed or damaged.
    ChecksumMismatch {
        /// The part checked.
        part: SavePart,
        /// Byte offset of the stored checksum.
        offset: u64,
        /// The checksum stored.
        stored: u32,
        /// The checksum of what is there.
        computed: u32,
    },
    /// Bytes follow the declared payload.
    TrailingBytes {
        /// Byte offset where they start.
        offset: u64,
        /// How many there are.
        count: u64,
    },
    /// The payload is not UTF-8 text.
    NotUtf8 {
        /// Byte offset (in the file) of the first bad byte, counted in the plain payload.
        offset: u64,
    },
    /// The payload is not RON of the expected shape (its origin is "save payload").
    Ron(crate::ron_text::RonError),
    /// A file operation failed.
    Io {
        /// The file or directory.
        path: PathBuf,
        /// What was being done, e.g. "write".
        action: &'static str,
        /// The system's message.
        message: String,
    },
    /// A save file was read but is not valid.
    InFile {
        /// The file.
        path: PathBuf,
        /// What is wrong with its contents.
        error: Box<SaveError>,
    },
    /// Saving stopped after the temporary file was written (the test hook of
    /// [`SaveHooks::fail_after_tmp`](super::SaveHooks::fail_after_tmp)).
    Interrupted {
        /// The temporary file left behind.
        path: PathBuf,
    },
    /// The save decodes but describes something impossible (what, in words).
    Impossible(String),
    /// Neither the save nor its backup could be loaded.
    BothUnloadable {
        /// Why the save failed.
        main: Box<SaveError>,
        /// Why the backup failed.
        backup: Box<SaveError>,
    },
}

impl fmt::Display for SaveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SaveError::Serialize(message) => {
                write!(f, "cannot write the game state as RON: {message}")
            }
            SaveError::WrongMagic { found } => write!(
                f,
                "byte 0: not a delve save (starts with {:?}, expected {:?})",
                String::from_utf8_lossy(found),
                String::from_utf8_lossy(&MAGIC)
            ),
            SaveError::UnknownVersion { found } => write!(
                f,
                "byte 8: save format version {found} is not supported (this build reads version {FORMAT_VERSION})"
            ),
            SaveError::Truncated {
                part,
                needed,
                found,
            } => {
                write!(
                    f,
                    "byte {found}: file ends inside the {part}, which needs {needed} bytes"
                )
            }
            SaveError::BadScrambleParameters { offset, problem } => {
                write!(f, "byte {offset}: bad scramble parameters: {problem}")
            }
            SaveError::ChecksumMismatch {
                part,
                offset,
                stored,
                computed,
            } => write!(
                f,
                "byte {offset}: {part} checksum mismatch (stored {stored:08x}, computed {computed:08x}); \
                 the file is damaged or was edited"
            ),
            SaveError::TrailingBytes { offset, count } => {
                write!(
                    f,
                    "byte {offset}: {count} unexpected bytes after the payload"
                )
            }
            SaveError::NotUtf8 { offset } => {
                write!(f, "byte {offset}: the payload is not UTF-8 text")
            }
            SaveError::Ron(e) => write!(f, "{e}"),
            SaveError::Io {
                path,
                action,
                message,
            } => {
                write!(f, "{}: cannot {action}: {message}", path.display())
            }
            SaveError::InFile { path, error } => write!(f, "{}: {error}", path.display()),
            SaveError::Interrupted { path } => {
                write!(
                    f,
                    "{}: saving was interrupted after the temporary file was written",
                    path.display()
                )
            }
            SaveError::Impossible(what) => {
                write!(f, "the save describes an impossible game: {what}")
            }
            SaveError::BothUnloadable { main, backup } => {
                write!(
                    f,
                    "the save cannot be loaded ({main}) and neither can its backup ({backup})"
                )
            }
        }
    }
}

impl std::error::Error for SaveError {}
