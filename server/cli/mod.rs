//! The subcommands: serve (default), migrate, backup, user create, seed.

use crate::config::{Cli, Command, RoleArg, UserCommand};
use crate::{app, db};
use expediente_core::people::users;

pub mod seed;
use entities::user::Role;

pub async fn run(cli: Cli) -> anyhow::Result<()> {
    // Whatever this process creates (database, secret, backups) is for its
    // own user only (SECURITY.md#files).
    // SAFETY: umask only sets the process's file-creation mask.
    unsafe { libc::umask(0o077) };
    let config = cli.config;
    match cli.command.unwrap_or(Command::Serve) {
        Command::Serve => app::serve(config).await,
        Command::Migrate => {
            let db = db::connect(&config.database_url).await?;
            db::migrate(&db).await?;
            println!("Migrações aplicadas.");
            Ok(())
        }
        Command::Backup { file } => {
            let report = db::backup(&config.database_url, &file).await?;
            println!("Backup gravado em {}: {} clientes e {} agendamentos.", file.display(), report.clients, report.appointments);
            Ok(())
        }
        Command::User(UserCommand::Create { name, email, role, password }) => {
            let db = db::connect(&config.database_url).await?;
            db::migrate(&db).await?;
            let role = match role {
                RoleArg::Admin => Role::Admin,
                RoleArg::Staff => Role::Staff,
                RoleArg::Professional => Role::Professional,
            };
            let input = users::NewUser { name, email, role, password };
            match users::create(&db, input).await {
                Ok(user) => {
                    println!("Usuário criado: #{} {} <{}> ({})", user.id, user.name, user.email, user.role);
                    Ok(())
                }
                Err(expediente_core::kit::error::AppError::Validation { errors, .. }) => {
                    let lines: Vec<String> = errors.iter().map(|(f, m)| format!("{f}: {}", m.join(" "))).collect();
                    anyhow::bail!("não foi possível criar o usuário:\n{}", lines.join("\n"))
                }
                Err(error) => Err(anyhow::anyhow!("{error:?}")),
            }
        }
        Command::Seed { clients, appointments, force } => {
            let db = db::connect(&config.database_url).await?;
            db::migrate(&db).await?;
            let started = std::time::Instant::now();
            let options = seed::SeedOptions { clients, appointments, force };
            let report = seed::run(&db, options, config.tz).await?;
            if !report.staff_created.is_empty() {
                println!("Profissionais criados (as senhas não serão mostradas de novo):");
                for (email, password) in &report.staff_created {
                    println!("  {email} / senha: {password}");
                }
            }
            println!(
                "Dados de exemplo: {} clientes e {} agendamentos em {:.1} s.",
                report.clients,
                report.appointments,
                started.elapsed().as_secs_f64()
            );
            Ok(())
        }
    }
}
