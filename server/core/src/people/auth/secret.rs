use std::fs;
use std::io::Write;
use std::os::unix::fs::{DirBuilderExt, OpenOptionsExt, PermissionsExt};
use std::path::Path;

use rand::RngCore;

/// Shorter secrets are refused: HS256 with a guessable key lets anyone forge tokens.
const MIN_SECRET_BYTES: usize = 32;

/// The JWT secret: from configuration, else the one kept in `data_dir`,
/// else a new random one written there once with mode 0600.
pub fn load_or_create_secret(configured: Option<&str>, data_dir: &Path) -> anyhow::Result<Vec<u8>> {
    if let Some(secret) = configured {
        anyhow::ensure!(secret.len() >= MIN_SECRET_BYTES, "EXPEDIENTE_JWT_SECRET must have at least {MIN_SECRET_BYTES} bytes");
        return Ok(secret.as_bytes().to_vec());
    }
    let path = data_dir.join("jwt-secret");
    if let Ok(existing) = fs::read_to_string(&path) {
        // An older version or a hand copy may have left it readable by others.
        fs::set_permissions(&path, fs::Permissions::from_mode(0o600))?;
        let existing = existing.trim();
        anyhow::ensure!(
            existing.len() >= MIN_SECRET_BYTES,
            "{} is shorter than {MIN_SECRET_BYTES} bytes; delete it to generate a new one",
            path.display()
        );
        return Ok(existing.as_bytes().to_vec());
    }
    fs::DirBuilder::new().recursive(true).mode(0o700).create(data_dir)?;
    let mut bytes = [0u8; 48];
    rand::rng().fill_bytes(&mut bytes);
    let secret: String = bytes.iter().map(|b| format!("{b:02x}")).collect();
    let mut file = fs::OpenOptions::new().write(true).create_new(true).mode(0o600).open(&path)?;
    file.write_all(secret.as_bytes())?;
    tracing::info!(path = %path.display(), "generated a JWT secret");
    Ok(secret.into_bytes())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn generated_once_with_mode_0600_then_reused() {
        let dir = std::env::temp_dir().join(format!("expediente-secret-{}", std::process::id()));
        let _ = fs::remove_dir_all(&dir);
        let first = load_or_create_secret(None, &dir).unwrap();
        let second = load_or_create_secret(None, &dir).unwrap();
        assert_eq!(first, second);
        assert_eq!(first.len(), 96);
        let mode = fs::metadata(dir.join("jwt-secret")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600);
        let mode = fs::metadata(&dir).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o700, "the data directory is private");
        fs::set_permissions(dir.join("jwt-secret"), fs::Permissions::from_mode(0o644)).unwrap();
        assert_eq!(load_or_create_secret(None, &dir).unwrap(), first);
        let mode = fs::metadata(dir.join("jwt-secret")).unwrap().permissions().mode();
        assert_eq!(mode & 0o777, 0o600, "a world-readable secret is made private");
        let given = "g".repeat(32);
        assert_eq!(load_or_create_secret(Some(&given), &dir).unwrap(), given.as_bytes());
        assert!(load_or_create_secret(Some("short"), &dir).is_err());
        fs::write(dir.join("jwt-secret"), "").unwrap();
        assert!(load_or_create_secret(None, &dir).is_err(), "an emptied secret file is refused");
        fs::remove_dir_all(&dir).unwrap();
    }
}
