use clap::Parser;

fn main() -> anyhow::Result<()> {
    // Before the runtime starts its threads (memory.rs).
    expediente::memory::tune_allocator();
    tracing_subscriber::fmt()
        .with_env_filter(
            tracing_subscriber::EnvFilter::try_from_default_env().unwrap_or_else(|_| "expediente=info,tower_http=warn".into()),
        )
        .init();
    let runtime = tokio::runtime::Builder::new_multi_thread().enable_all().build()?;
    runtime.block_on(expediente::cli::run(expediente::config::Cli::parse()))
}
