//! Sign-in throttling and the bounded password-hashing queue
//! (SECURITY.md#sign-in-throttling, SECURITY.md#password-hashing).

use std::net::{IpAddr, Ipv4Addr};

use reqwest::{Client, StatusCode};
use serde_json::{Value, json};

use crate::common::*;

/// A client whose requests come from another loopback address.
fn client_from(ip: Ipv4Addr) -> Client {
    Client::builder().local_address(IpAddr::V4(ip)).redirect(reqwest::redirect::Policy::none()).build().unwrap()
}

async fn sign_in(client: &Client, base: &str, email: &str, password: &str) -> (StatusCode, Option<u64>, Value) {
    let response = client.post(format!("{base}/api/login")).json(&json!({ "email": email, "password": password })).send().await.unwrap();
    let retry_after = response.headers().get("retry-after").map(|v| v.to_str().unwrap().parse().unwrap());
    let (status, body) = json_of(response).await;
    (status, retry_after, body)
}

async fn the_sixth_failure_from_one_address_gets_429(backend: Backend) {
    let app = spawn(backend).await;
    let here = client_from(Ipv4Addr::new(127, 0, 0, 1));
    for n in 1..=5 {
        let (status, _, body) = sign_in(&here, &app.base, ADMIN_EMAIL, "senha-errada").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "failure {n}: {body}");
    }
    // The sixth attempt is refused even with the right password, and says when to retry.
    let (status, retry_after, body) = sign_in(&here, &app.base, " Admin@Example.com", ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    let retry_after = retry_after.expect("Retry-After");
    assert!((880..=900).contains(&retry_after), "{retry_after}");
    assert_eq!(body["message"], "Muitas tentativas de entrada com este e-mail. Tente novamente em 15 minutos.");
    // The login form too: the login page again, with the message and Retry-After.
    let form = here.post(app.url("/login")).form(&[("email", ADMIN_EMAIL), ("password", ADMIN_PASSWORD)]).send().await.unwrap();
    assert_eq!(form.status(), StatusCode::TOO_MANY_REQUESTS);
    assert!(form.headers().get("retry-after").is_some());
    assert!(form.text().await.unwrap().contains("Muitas tentativas de entrada"));

    // Another e-mail from this address, and this e-mail from another address, go on.
    let (status, _, _) = sign_in(&here, &app.base, "ninguem@example.com", "senha-errada").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let there = client_from(Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, body) = sign_in(&there, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // A success clears the count: four failures, a success, five more failures are allowed.
    let other = client_from(Ipv4Addr::new(127, 0, 0, 3));
    for _ in 0..4 {
        assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::OK);
    for _ in 0..5 {
        assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&other, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::TOO_MANY_REQUESTS);

    // When the window has passed, the address may try again.
    let db = &app.state.db;
    use sea_orm::{ColumnTrait, EntityTrait, QueryFilter, sea_query::Expr};
    entities::sign_in_throttle::Entity::update_many()
        .col_expr(entities::sign_in_throttle::Column::WindowStart, Expr::value(chrono::Utc::now().timestamp() - 15 * 60))
        .filter(entities::sign_in_throttle::Column::Address.eq("127.0.0.1"))
        .exec(db)
        .await
        .unwrap();
    let (status, _, body) = sign_in(&here, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(the_sixth_failure_from_one_address_gets_429);

/// Concurrent guesses cannot slip past the limit, on one instance or two,
/// and the count is the database's: a second server instance on the same
/// database sees it.
async fn the_limit_holds_under_concurrency_and_across_instances(backend: Backend) {
    let app = spawn(backend).await;
    let second = spawn_process(&app).await;
    // Twenty guesses at once, half to each instance: up to eight hold a
    // hashing place (an address's share on each instance), more than the
    // limit, so the count alone must stop them. The rest are refused at
    // once (503) and not counted.
    let here = client_from(Ipv4Addr::new(127, 0, 0, 4));
    let bases = [&app.base, &second.base];
    let attempts = (0..20).map(|n| sign_in(&here, bases[n % 2], ADMIN_EMAIL, "senha-errada"));
    let statuses: Vec<StatusCode> = futures::future::join_all(attempts).await.into_iter().map(|(s, _, _)| s).collect();
    let refused = [StatusCode::TOO_MANY_REQUESTS, StatusCode::SERVICE_UNAVAILABLE];
    assert!(statuses.iter().all(|s| *s == StatusCode::UNAUTHORIZED || refused.contains(s)), "{statuses:?}");
    let mut checked = statuses.iter().filter(|s| **s == StatusCode::UNAUTHORIZED).count();
    assert!(checked <= 5, "{statuses:?}");
    // Then one at a time until the throttle refuses: five checked in all.
    loop {
        match sign_in(&here, bases[checked % 2], ADMIN_EMAIL, "senha-errada").await.0 {
            StatusCode::UNAUTHORIZED => checked += 1,
            StatusCode::TOO_MANY_REQUESTS => break,
            other => panic!("{other} after {checked} checked"),
        }
        assert!(checked <= 5, "{checked} checked");
    }
    assert_eq!(checked, 5, "{statuses:?}");

    let there = client_from(Ipv4Addr::new(127, 0, 0, 5));
    for _ in 0..3 {
        assert_eq!(sign_in(&there, &app.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    for _ in 0..2 {
        assert_eq!(sign_in(&there, &second.base, ADMIN_EMAIL, "senha-errada").await.0, StatusCode::UNAUTHORIZED);
    }
    assert_eq!(sign_in(&there, &app.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
    assert_eq!(sign_in(&there, &second.base, ADMIN_EMAIL, ADMIN_PASSWORD).await.0, StatusCode::TOO_MANY_REQUESTS);
}
both!(the_limit_holds_under_concurrency_and_across_instances);

/// More sign-ins at once than the hashing threads and their queue hold:
/// the excess gets 503 with Retry-After at once, the rest their answer, and
/// a sign-in afterwards works. (A process of its own: the queue is the
/// process's, and this test fills it.)
async fn a_full_hashing_queue_answers_503(backend: Backend) {
    let app = spawn(backend).await;
    let server = spawn_process(&app).await;
    let client = Client::new();
    let emails: Vec<String> = (0..150).map(|n| format!("ninguem{n}@example.com")).collect();
    let attempts = emails.iter().map(|email| sign_in(&client, &server.base, email, "senha-errada"));
    let answers = futures::future::join_all(attempts).await;
    let mut busy = 0;
    for (status, retry_after, body) in &answers {
        match *status {
            StatusCode::UNAUTHORIZED => {}
            StatusCode::SERVICE_UNAVAILABLE => {
                busy += 1;
                assert_eq!(*retry_after, Some(1));
                assert_eq!(body["message"], "Muitas entradas ao mesmo tempo. Tente novamente em instantes.");
            }
            other => panic!("{other}: {body}"),
        }
    }
    assert!(busy > 0, "some sign-ins found the queue full");
    assert!(busy < answers.len(), "the queue still hashed some");
    let (status, _, body) = sign_in(&client, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
both!(a_full_hashing_queue_answers_503);

/// A flood of wrong sign-ins from one address (256 at once for 20 s,
/// loopback only, each to another e-mail so every one would need a hash):
/// memory stays bounded and returns near idle afterwards; the flood's
/// excess is refused (503); a real sign-in from another address meanwhile
/// gets in, never after seconds in a queue.
/// Slow: `cargo test --release --test http -- --ignored flood` (about 40 s).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
#[ignore = "slow: the flood stage"]
async fn flood_of_wrong_sign_ins_keeps_memory_bounded() {
    use std::sync::Arc;
    use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
    use std::time::{Duration, Instant};

    const CONCURRENCY: usize = 256;
    const FLOOD: Duration = Duration::from_secs(20);
    let app = spawn(Backend::Sqlite).await;
    let server = Arc::new(spawn_process(&app).await);
    let flooder = client_from(Ipv4Addr::LOCALHOST);
    let staff = client_from(Ipv4Addr::new(127, 0, 0, 2));
    let (status, _, _) = sign_in(&staff, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
    assert_eq!(status, StatusCode::OK);
    tokio::time::sleep(Duration::from_secs(1)).await;
    let idle = server.rss_mib();

    let stop = Arc::new(AtomicBool::new(false));
    let (sent, refused) = (Arc::new(AtomicU64::new(0)), Arc::new(AtomicU64::new(0)));
    let mut loops = Vec::new();
    for n in 0..CONCURRENCY {
        let (client, base, stop, sent, refused) = (flooder.clone(), server.base.clone(), stop.clone(), sent.clone(), refused.clone());
        loops.push(tokio::spawn(async move {
            let mut i = 0u64;
            while !stop.load(Ordering::Relaxed) {
                let email = format!("intruso-{n}-{i}@example.com");
                let body = json!({ "email": email, "password": "senha-errada" });
                let answer = client.post(format!("{base}/api/login")).json(&body).send().await;
                if let Ok(response) = answer {
                    let status = response.status();
                    assert!([StatusCode::UNAUTHORIZED, StatusCode::SERVICE_UNAVAILABLE].contains(&status), "{status}");
                    if status == StatusCode::SERVICE_UNAVAILABLE {
                        refused.fetch_add(1, Ordering::Relaxed);
                    }
                    let _ = response.bytes().await;
                }
                sent.fetch_add(1, Ordering::Relaxed);
                i += 1;
            }
        }));
    }
    let started = Instant::now();
    let mut peak = idle;
    let mut real = Vec::new();
    while started.elapsed() < FLOOD {
        peak = peak.max(server.rss_mib());
        let asked = Instant::now();
        let (status, _, body) = sign_in(&staff, &server.base, ADMIN_EMAIL, ADMIN_PASSWORD).await;
        assert_eq!(status, StatusCode::OK, "a real sign-in during the flood: {body}");
        real.push(asked.elapsed());
        tokio::time::sleep(Duration::from_millis(250)).await;
    }
    stop.store(true, Ordering::Relaxed);
    for handle in loops {
        handle.await.unwrap();
    }
    tokio::time::sleep(Duration::from_secs(3)).await;
    let after = server.rss_mib();
    let (total, refused) = (sent.load(Ordering::Relaxed), refused.load(Ordering::Relaxed));
    real.sort();
    let (median, slowest) = (real[real.len() / 2], real[real.len() - 1]);
    println!(
        "flood: {total} sign-ins in {FLOOD:?}, {refused} refused; RSS idle {idle} MiB, peak {peak} MiB, after {after} MiB; \
         {} real sign-ins, median {median:?}, slowest {slowest:?}",
        real.len()
    );
    assert!(refused > 0, "the flood's excess is refused");
    assert!(peak <= idle + 200, "peak {peak} MiB from idle {idle} MiB");
    assert!(after <= idle + 40, "after the flood {after} MiB, idle was {idle} MiB");
    assert!(slowest < Duration::from_secs(2), "a real sign-in took {slowest:?}");
}
