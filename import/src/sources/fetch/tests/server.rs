//! A small HTTP/1.1 server on 127.0.0.1 for the fetcher's tests: one thread, one connection at
//! a time, scripted replies per request target (path and query), and every request recorded.

use std::collections::HashMap;
use std::io::{BufRead, BufReader, Write};
use std::net::{TcpListener, TcpStream};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;

/// One scripted reply.
#[derive(Debug, Clone)]
pub enum Reply {
    /// `200 OK` with this body.
    Ok(String),
    /// Any status, with extra headers and a body.
    Status(u16, &'static str, Vec<(&'static str, String)>, String),
    /// `200 OK` declaring `Content-Length: declared`, then only `body`, then the connection closes.
    Truncated { declared: usize, body: String },
}

impl Reply {
    /// A `429 Too Many Requests` asking to wait `retry_after`.
    pub fn too_many(retry_after: &str) -> Reply {
        let headers = vec![("Retry-After", retry_after.to_string())];
        Reply::Status(429, "Too Many Requests", headers, String::new())
    }

    /// A `500 Internal Server Error`.
    pub fn error() -> Reply {
        Reply::Status(500, "Internal Server Error", Vec::new(), "oops".to_string())
    }
}

/// One request as the server saw it.
#[derive(Debug, Clone)]
pub struct Request {
    /// The request target: the path and the query.
    pub target: String,
    /// The headers, names lowercased.
    pub headers: Vec<(String, String)>,
}

impl Request {
    /// A header's value.
    pub fn header(&self, name: &str) -> Option<&str> {
        let name = name.to_ascii_lowercase();
        self.headers
            .iter()
            .find(|(n, _)| *n == name)
            .map(|(_, v)| v.as_str())
    }
}

type Script = HashMap<String, Vec<Reply>>;

/// The running server; stopped when dropped.
pub struct Server {
    /// `http://127.0.0.1:<port>`.
    pub base: String,
    script: Arc<Mutex<Script>>,
    requests: Arc<Mutex<Vec<Request>>>,
    stop: Arc<AtomicBool>,
    thread: Option<JoinHandle<()>>,
}

impl Server {
    /// Starts a server with nothing scripted: every target answers `404`.
    pub fn start() -> Server {
        let listener = TcpListener::bind("127.0.0.1:0").expect("bind a loopback port");
        let base = format!("http://{}", listener.local_addr().expect("its address"));
        let script = Arc::new(Mutex::new(Script::new()));
        let requests = Arc::new(Mutex::new(Vec::new()));
        let stop = Arc::new(AtomicBool::new(false));
        let thread = {
            let (script, requests, stop) = (script.clone(), requests.clone(), stop.clone());
            std::thread::spawn(move || {
                for stream in listener.incoming() {
                    if stop.load(Ordering::SeqCst) {
                        break;
                    }
                    if let Ok(stream) = stream {
                        serve(stream, &script, &requests);
                    }
                }
            })
        };
        Server {
            base,
            script,
            requests,
            stop,
            thread: Some(thread),
        }
    }

    /// Scripts the replies to a target, in order; the last one repeats.
    pub fn on(&self, target: &str, replies: Vec<Reply>) {
        assert!(!replies.is_empty(), "script at least one reply");
        let mut script = self.script.lock().unwrap();
        script.insert(target.to_string(), replies);
    }

    /// Every request so far.
    pub fn requests(&self) -> Vec<Request> {
        self.requests.lock().unwrap().clone()
    }

    /// The targets requested so far, in order.
    pub fn targets(&self) -> Vec<String> {
        self.requests().into_iter().map(|r| r.target).collect()
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop.store(true, Ordering::SeqCst);
        // Wake the accept loop so it sees the flag.
        let _ = TcpStream::connect(self.base.trim_start_matches("http://"));
        if let Some(thread) = self.thread.take() {
            let _ = thread.join();
        }
    }
}

/// Reads one request and answers it by the script, then closes the connection.
fn serve(stream: TcpStream, script: &Mutex<Script>, requests: &Mutex<Vec<Request>>) {
    let mut reader = BufReader::new(&stream);
    let mut line = String::new();
    if reader.read_line(&mut line).unwrap_or(0) == 0 {
        return;
    }
    let target = line.split(' ').nth(1).unwrap_or("").to_string();
    let mut headers = Vec::new();
    loop {
        let mut header = String::new();
        if reader.read_line(&mut header).unwrap_or(0) == 0 || header.trim().is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            headers.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    let reply = {
        let mut script = script.lock().unwrap();
        match script.get_mut(&target) {
            Some(replies) if replies.len() > 1 => replies.remove(0),
            Some(replies) => replies[0].clone(),
            None => Reply::Status(404, "Not Found", Vec::new(), "no such thing".to_string()),
        }
    };
    requests.lock().unwrap().push(Request { target, headers });
    let (status, reason, extra, body, declared) = match reply {
        Reply::Ok(body) => (200, "OK", Vec::new(), body.clone(), body.len()),
        Reply::Status(status, reason, extra, body) => {
            let len = body.len();
            (status, reason, extra, body, len)
        }
        Reply::Truncated { declared, body } => (200, "OK", Vec::new(), body, declared),
    };
    let mut head = format!(
        "HTTP/1.1 {status} {reason}\r\nContent-Length: {declared}\r\nConnection: close\r\n"
    );
    for (name, value) in extra {
        head.push_str(&format!("{name}: {value}\r\n"));
    }
    head.push_str("\r\n");
    let mut stream = &stream;
    let _ = stream.write_all(head.as_bytes());
    let _ = stream.write_all(body.as_bytes());
    let _ = stream.flush();
}
