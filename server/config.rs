//! Command line and configuration: every flag has an environment fallback
//! (README.md lists them).

use std::net::{IpAddr, SocketAddr};
use std::path::PathBuf;

use clap::{Args, Parser, Subcommand, ValueEnum};
use ipnet::IpNet;

/// Connections open at once; past that, new ones wait in the listen queue.
pub const MAX_CONNECTIONS: usize = 1024;
/// Connections one client address may hold at once: an eighth of all, so
/// one address (one attacker's, or one office's NAT: a browser keeps about
/// six) never holds the rest.
pub const MAX_CONNECTIONS_PER_ADDRESS: usize = 128;

#[derive(Debug, Parser)]
#[command(name = "expediente", version, about = "Back office de clientes e agendamentos")]
pub struct Cli {
    #[command(flatten)]
    pub config: Config,
    #[command(subcommand)]
    pub command: Option<Command>,
}

#[derive(Debug, Subcommand)]
pub enum Command {
    /// Serve the application (the default).
    Serve,
    /// Apply the database migrations and exit.
    Migrate,
    /// Manage users.
    #[command(subcommand)]
    User(UserCommand),
    /// Copy the SQLite database, while it serves, to FILE (for PostgreSQL use pg_dump: see README).
    Backup {
        /// The new file (it must not exist yet).
        file: PathBuf,
    },
    /// Fill the database with realistic sample data.
    Seed {
        #[arg(long, default_value_t = 50)]
        clients: u32,
        #[arg(long, default_value_t = 200)]
        appointments: u32,
        /// Add sample data even to a database that holds real data
        /// (clients, appointments, or users besides the admins).
        #[arg(long)]
        force: bool,
    },
}

#[derive(Debug, Subcommand)]
pub enum UserCommand {
    /// Create a user.
    Create {
        #[arg(long)]
        name: String,
        #[arg(long)]
        email: String,
        #[arg(long, value_enum)]
        role: RoleArg,
        #[arg(long)]
        password: String,
    },
}

#[derive(Debug, Clone, Copy, ValueEnum)]
pub enum RoleArg {
    Admin,
    /// Recepção.
    Staff,
    /// Profissional.
    Professional,
}

#[derive(Debug, Clone, Args)]
pub struct Config {
    /// Address to listen on.
    #[arg(long, env = "EXPEDIENTE_ADDR", default_value = "127.0.0.1:3000", global = true)]
    pub addr: SocketAddr,
    /// SQLite (default) or PostgreSQL (`postgres://…`) connection URL.
    #[arg(long, env = "DATABASE_URL", default_value = "sqlite://data/expediente.db?mode=rwc", global = true)]
    pub database_url: String,
    /// Directory for the generated JWT secret (and the default SQLite file).
    #[arg(long, env = "EXPEDIENTE_DATA_DIR", default_value = "data", global = true)]
    pub data_dir: PathBuf,
    /// Secret that signs session tokens; generated and kept in the data directory when unset.
    #[arg(long, env = "EXPEDIENTE_JWT_SECRET", hide_env_values = true, global = true)]
    pub jwt_secret: Option<String>,
    /// Lifetime of a session token, in seconds.
    #[arg(long, env = "EXPEDIENTE_TOKEN_TTL", default_value_t = 3600, global = true)]
    pub token_ttl: u64,
    /// The business time zone (IANA name).
    #[arg(long, env = "EXPEDIENTE_TZ", default_value = "America/Sao_Paulo", global = true)]
    pub tz: chrono_tz::Tz,
    /// Render pages on the server (`on`) or only in the browser (`off`).
    #[arg(long, env = "EXPEDIENTE_SSR", default_value = "on", global = true)]
    pub ssr: SsrMode,
    /// Render workers (JavaScript engines); defaults to the number of cores.
    #[arg(long, env = "EXPEDIENTE_SSR_WORKERS", global = true)]
    pub ssr_workers: Option<usize>,
    /// Longest a page's render may run, in milliseconds; past it (or when
    /// it throws, or the render queue is full) the page goes out with an
    /// empty root and its state, and the browser renders it.
    #[arg(long, env = "EXPEDIENTE_RENDER_TIMEOUT_MS", default_value_t = 250, global = true)]
    pub render_timeout_ms: u64,
    /// How often an idle live stream (`GET /api/events`) sends a comment and
    /// checks its session, in milliseconds.
    #[arg(skip = 15_000u64)]
    pub events_keep_alive_ms: u64,
    /// Renders waiting for a free worker at most.
    #[arg(long, env = "EXPEDIENTE_RENDER_QUEUE", default_value_t = 64, global = true)]
    pub render_queue: usize,
    /// Megabytes of rendered pages kept by their input (URL, state, layout),
    /// so a repeated page with unchanged data runs no JavaScript; 0 turns it off.
    #[arg(long, env = "EXPEDIENTE_RENDER_MEMO_MB", default_value_t = 8, global = true)]
    pub render_memo_mb: usize,
    /// E-mail of the first admin, created when the database has no user.
    #[arg(long, env = "EXPEDIENTE_ADMIN_EMAIL", global = true)]
    pub admin_email: Option<String>,
    /// Password of the first admin; generated and printed once when unset.
    #[arg(long, env = "EXPEDIENTE_ADMIN_PASSWORD", hide_env_values = true, global = true)]
    pub admin_password: Option<String>,
    /// The site is served over https (behind a TLS proxy): the session cookie
    /// is marked Secure and responses carry Strict-Transport-Security.
    #[arg(long, env = "EXPEDIENTE_SECURE_COOKIES", global = true)]
    pub secure_cookies: bool,
    /// Connections served at once; more wait in the listen queue.
    #[arg(long, env = "EXPEDIENTE_MAX_CONNECTIONS", default_value_t = MAX_CONNECTIONS, global = true)]
    pub max_connections: usize,
    /// Connections one client address (an IPv6 /64) may hold at once; more
    /// are turned away at once. Trusted proxies are not limited: their own
    /// limits apply to the clients behind them.
    #[arg(long, env = "EXPEDIENTE_MAX_CONNECTIONS_PER_ADDRESS", default_value_t = MAX_CONNECTIONS_PER_ADDRESS, global = true)]
    pub max_connections_per_address: usize,
    /// Reverse proxies (addresses or CIDR ranges, comma-separated) whose
    /// `X-Forwarded-For` names the client; from anyone else it is ignored.
    #[arg(long, env = "EXPEDIENTE_TRUSTED_PROXIES", value_delimiter = ',', value_parser = parse_proxy, global = true)]
    pub trusted_proxies: Vec<IpNet>,
    /// The address clients reach this site at (`https://agenda.example.com`):
    /// the clients' links in reminders start with it. Unset: `http://` and `--addr`.
    #[arg(long, env = "EXPEDIENTE_PUBLIC_URL", value_parser = parse_public_url, global = true)]
    pub public_url: Option<String>,
    /// SMTP server for e-mail reminders: `smtp://` or `smtps://`, user and
    /// password allowed (`smtps://user:pass@host:465`). Unset: no e-mail.
    #[arg(long, env = "EXPEDIENTE_SMTP_URL", value_parser = parse_smtp_url, hide_env_values = true, requires = "mail_from", global = true)]
    pub smtp_url: Option<String>,
    /// The sender of e-mail reminders (`Clínica <agenda@example.com>`).
    #[arg(long, env = "EXPEDIENTE_MAIL_FROM", value_parser = parse_mailbox, global = true)]
    pub mail_from: Option<String>,
    /// Seconds before an e-mail that could not be sent is tried again; each
    /// new failure doubles the wait (up to an hour).
    #[arg(long, env = "EXPEDIENTE_MAIL_RETRY_SECONDS", default_value_t = 30, global = true)]
    pub mail_retry_seconds: u64,
    /// Seconds between the waitlist's rounds: every entry's window searched
    /// for free times (besides the search after each change to the agenda).
    #[arg(long, env = "EXPEDIENTE_WAITLIST_ROUND_SECONDS", default_value_t = 60, global = true)]
    pub waitlist_round_seconds: u64,
}

impl Config {
    /// The site's address as clients reach it, without a trailing slash.
    pub fn public_base(&self) -> String {
        self.public_url.clone().unwrap_or_else(|| format!("http://{}", self.addr))
    }
}

/// An `http://` or `https://` address, kept without its trailing slash.
fn parse_public_url(text: &str) -> Result<String, String> {
    let text = text.trim().trim_end_matches('/');
    let rest = text.strip_prefix("https://").or_else(|| text.strip_prefix("http://"));
    match rest {
        Some(host) if !host.is_empty() && !host.contains(char::is_whitespace) => Ok(text.to_string()),
        _ => Err(format!("not an http:// or https:// address: {text:?}")),
    }
}

/// An SMTP URL lettre reads (`smtp://`, `smtps://`), checked at start so a
/// typo stops the server with a clear message instead of failing later.
fn parse_smtp_url(text: &str) -> Result<String, String> {
    let text = text.trim();
    let rest = text.strip_prefix("smtps://").or_else(|| text.strip_prefix("smtp://"));
    let host = rest.map(|r| r.rsplit_once('@').map_or(r, |(_, h)| h));
    if host.is_none_or(|h| h.is_empty() || h.starts_with(':') || h.starts_with('/') || h.contains(char::is_whitespace)) {
        return Err("use smtp://host:port or smtps://user:password@host:465".into());
    }
    lettre::AsyncSmtpTransport::<lettre::Tokio1Executor>::from_url(text)
        .map(|_| text.to_string())
        .map_err(|error| format!("not a valid SMTP URL: {error}"))
}

/// A sender lettre reads: `agenda@example.com` or `Nome <agenda@example.com>`.
fn parse_mailbox(text: &str) -> Result<String, String> {
    text.trim()
        .parse::<lettre::message::Mailbox>()
        .map(|_| text.trim().to_string())
        .map_err(|error| format!("not an e-mail address: {error}"))
}

/// A trusted proxy: a CIDR range (`10.0.0.0/8`) or one address (`10.0.0.5`).
fn parse_proxy(text: &str) -> Result<IpNet, String> {
    let text = text.trim();
    text.parse::<IpNet>()
        .or_else(|_| text.parse::<IpAddr>().map(IpNet::from))
        .map(|net| net.trunc())
        .map_err(|_| format!("not an IP address or CIDR range: {text:?}"))
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, ValueEnum)]
pub enum SsrMode {
    On,
    Off,
}

impl Config {
    /// The defaults with a test database, data directory and JWT secret.
    pub fn for_tests(database_url: &str, data_dir: PathBuf) -> Config {
        let mut config = Cli::parse_from(["expediente"]).config;
        config.database_url = database_url.to_string();
        config.data_dir = data_dir;
        config.jwt_secret = Some("test-secret-test-secret-test-secret".into());
        // Tests share busy machines: a render gets more time than in
        // production unless a test asks for the default.
        config.render_timeout_ms = 2000;
        // A live stream notices a session's end within a second.
        config.events_keep_alive_ms = 1000;
        config
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn trusted_proxies_are_addresses_or_ranges() {
        let config = Cli::parse_from(["expediente", "--trusted-proxies", "10.0.0.5, 172.16.0.0/12,::1"]).config;
        let expected: Vec<IpNet> = ["10.0.0.5/32", "172.16.0.0/12", "::1/128"].iter().map(|n| n.parse().unwrap()).collect();
        assert_eq!(config.trusted_proxies, expected);
        assert!(Cli::parse_from(["expediente"]).config.trusted_proxies.is_empty(), "none by default");
        assert!(Cli::try_parse_from(["expediente", "--trusted-proxies", "proxy.local"]).is_err());
        assert!(Cli::try_parse_from(["expediente", "--trusted-proxies", "10.0.0.0/33"]).is_err());
    }

    #[test]
    fn smtp_and_public_urls_are_checked_at_start() {
        let config = Cli::parse_from(["expediente", "--smtp-url", "smtps://ana:s3nha@mail.example.com:465", "--mail-from", "Clínica <agenda@example.com>"]).config;
        assert_eq!(config.smtp_url.as_deref(), Some("smtps://ana:s3nha@mail.example.com:465"));
        assert!(Cli::try_parse_from(["expediente", "--smtp-url", "smtp://localhost:2525", "--mail-from", "a@b.co"]).is_ok());
        for bad in ["mail.example.com", "http://mail.example.com", "smtp://", "smtp://exa mple.com"] {
            assert!(Cli::try_parse_from(["expediente", "--smtp-url", bad, "--mail-from", "a@b.co"]).is_err(), "{bad}");
        }
        assert!(Cli::try_parse_from(["expediente", "--smtp-url", "smtp://localhost"]).is_err(), "needs --mail-from");
        assert!(Cli::try_parse_from(["expediente", "--mail-from", "not an address"]).is_err());
        let config = Cli::parse_from(["expediente", "--public-url", "https://agenda.example.com/"]).config;
        assert_eq!(config.public_base(), "https://agenda.example.com");
        assert_eq!(Cli::parse_from(["expediente"]).config.public_base(), "http://127.0.0.1:3000");
        assert!(Cli::try_parse_from(["expediente", "--public-url", "agenda.example.com"]).is_err());
    }
}
