/*
 * --watch: the kernel's process-events connector (Linux
 * drivers/connector/cn_proc.c) names each program as it execs, and its
 * vector is read at once from /proc by src_pid(), as -a reads one.
 *
 * The subscription is acknowledged only when it is made without a
 * filter: the kernel answers PROC_CN_MCAST_LISTEN with a PROC_EVENT_NONE
 * to every listener, carrying the request's ack + 1 (its seq is the
 * kernel's own count), so the request's ack tells our answer from
 * others'.  Once it came, the same request with a filter for exec events
 * (struct proc_input, Linux 6.6) makes the kernel drop every other event
 * for this socket; its own answer is dropped with them.  A kernel
 * without the filter ignores that request, and the events that are not
 * execs are passed over here.  Outside the initial user and PID
 * namespaces the kernel acknowledges nothing, yet delivers events
 * numbered in the initial PID namespace, which would name other
 * processes (or none) in our /proc: no acknowledgement within a second
 * is an error, never a wait.
 *
 * A program may end within a millisecond of its exec.  The listener is
 * woken on the CPU of the program that exec'd and, at normal priority,
 * runs only once that program has gone; at the lowest real-time
 * priority it runs at once.  So it asks for that priority (where root or
 * RLIMIT_RTPRIO permit), reads a batch of events in one call, and reads
 * every vector of the batch before their memory, names and output.
 */
#include <errno.h>
#include <poll.h>
#include <sched.h>
#include <signal.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/signalfd.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <linux/cn_proc.h>
#include <linux/connector.h>
#include <linux/netlink.h>

#include "at.h"
#include "proc.h"
#include "procmem.h"
#include "scan.h"
#include "source.h"
#include "src_proc.h"
#include "watch.h"

/* Datagrams taken from the socket in one call. */
#define WATCH_BATCH 8

/*
 * Room for one datagram: the kernel sends one message per datagram, and
 * this holds at most four of the smallest a connector message can be.
 */
#define WATCH_MSG    256
#define WATCH_EVENTS (WATCH_BATCH * 4)

/*
 * The programs shown last, by PID (the low bits: a later one of another
 * PID takes the place): its AT_RANDOM bytes, which the kernel makes anew
 * for each exec.
 */
#define WATCH_SEEN 1024

/*
 * The socket's receive buffer where SO_RCVBUFFORCE is permitted (else
 * as much of it as net.core.rmem_max allows): room for the events of
 * programs started back to back while the listener reads a batch.
 */
#define WATCH_RCVBUF (8 * 1024 * 1024)

/* How long the kernel has to acknowledge the subscription. */
#define WATCH_ACK_MS 1000

/* struct proc_input of Linux 6.6's cn_proc.h, which older headers lack. */
struct cn_filter {
	uint32_t mcast_op;
	uint32_t event_type;
};

/* One message of the connector, as much of it as is needed here. */
struct cn_event {
	uint32_t ack;
	struct proc_event ev;
};

/* A program of the batch: its process read, and what else is known. */
struct prog {
	struct slot sl;
	struct watch_event ev;
	int skip; /* not of -C's names, or shown already */
};

struct watch {
	int fd;  /* the connector */
	int sfd; /* SIGINT, SIGTERM, SIGPIPE */
	struct mmsghdr mm[WATCH_BATCH];
	struct iovec iov[WATCH_BATCH];
	struct sockaddr_nl from[WATCH_BATCH];
	unsigned char buf[WATCH_BATCH][WATCH_MSG];
	struct cn_event cn[WATCH_EVENTS];
	struct prog prog[WATCH_EVENTS];
	struct {
		pid_t pid;
		unsigned char rnd[AUXV_RANDOM_LEN];
	} seen[WATCH_SEEN];
};

static const char no_connector[] =
    "no process-events connector in this kernel (CONFIG_CONNECTOR, "
    "CONFIG_PROC_EVENTS)";
static const char refused[] =
    "the kernel has the process-events connector, but its socket was "
    "refused here (by an emulator, as qemu-user, or a seccomp filter)";
static const char needs_cap[] =
    "this kernel lets only CAP_NET_ADMIN listen to process events";
static const char no_ack[] =
    "no acknowledgement from the process-events connector within 1 s "
    "(another PID or user namespace, as in a container?)";

/* A request to the connector: op, with a filter for event where not 0. */
static int
send_op(int fd, uint32_t ack, uint32_t op, uint32_t event)
{
	union {
		struct nlmsghdr nh;
		unsigned char b[NLMSG_SPACE(
		    sizeof(struct cn_msg) + sizeof(struct cn_filter))];
	} m;
	struct cn_msg cn = { .id = { CN_IDX_PROC, CN_VAL_PROC }, .ack = ack };
	const struct cn_filter f = { op, event };
	unsigned char *p = NLMSG_DATA(&m.nh);

	memset(&m, 0, sizeof(m));
	cn.len = event != 0 ? sizeof(f) : sizeof(op);
	m.nh.nlmsg_len = NLMSG_LENGTH(sizeof(cn) + cn.len);
	m.nh.nlmsg_type = NLMSG_DONE;
	m.nh.nlmsg_pid = (uint32_t)getpid();
	memcpy(p, &cn, sizeof(cn));
	memcpy(p + sizeof(cn), &f, cn.len);
	return send(fd, &m, m.nh.nlmsg_len, 0) == -1 ? -1 : 0;
}

/*
 * The connector's messages in one datagram of len bytes, at most max of
 * them, into out: their number.  What is not a whole process event of
 * the connector is passed over.
 */
static size_t
datagram_events(
    const unsigned char *buf, size_t len, struct cn_event *out, size_t max)
{
	const size_t least = offsetof(struct proc_event, event_data) +
	    sizeof(((struct proc_event *)0)->event_data.exec);
	struct nlmsghdr nh;
	struct cn_msg cn;
	size_t off = 0, n = 0, body;

	while (n < max && len - off >= NLMSG_HDRLEN) {
		memcpy(&nh, buf + off, sizeof(nh));
		if (nh.nlmsg_len < NLMSG_HDRLEN || nh.nlmsg_len > len - off)
			break;
		body = nh.nlmsg_len - NLMSG_HDRLEN;
		if (nh.nlmsg_type == NLMSG_DONE && body >= sizeof(cn)) {
			memcpy(&cn, buf + off + NLMSG_HDRLEN, sizeof(cn));
			if (cn.id.idx == CN_IDX_PROC &&
			    cn.id.val == CN_VAL_PROC && cn.len >= least &&
			    cn.len <= body - sizeof(cn)) {
				memset(&out[n], 0, sizeof(out[n]));
				out[n].ack = cn.ack;
				if (cn.len > sizeof(out[n].ev))
					cn.len = sizeof(out[n].ev);
				memcpy(&out[n++].ev,
				    buf + off + NLMSG_HDRLEN + sizeof(cn),
				    cn.len);
			}
		}
		if (NLMSG_ALIGN(nh.nlmsg_len) >= len - off)
			break;
		off += NLMSG_ALIGN(nh.nlmsg_len);
	}
	return n;
}

/*
 * Takes up to WATCH_BATCH datagrams, waiting for none (flags
 * MSG_DONTWAIT) or for the first: the connector's messages in them, into
 * w->cn; -1 and errno.
 */
static ssize_t
receive(struct watch *w, int flags)
{
	size_t i, n = 0;
	int got;

	for (i = 0; i < WATCH_BATCH; i++) {
		w->iov[i] = (struct iovec){ w->buf[i], WATCH_MSG };
		w->mm[i].msg_hdr = (struct msghdr){ .msg_name = &w->from[i],
			.msg_namelen = sizeof(w->from[i]),
			.msg_iov = &w->iov[i],
			.msg_iovlen = 1 };
	}
	/*
	 * recvmmsg, signalfd and clock_gettime are called through
	 * syscall(2): each libc wrapper is one more versioned symbol for
	 * the dynamic linker to bind at every start, -w or not.
	 */
	got =
	    (int)syscall(SYS_recvmmsg, w->fd, w->mm, WATCH_BATCH, flags, NULL);
	if (got == -1)
		return -1;
	for (i = 0; i < (size_t)got; i++) {
		/* Only the kernel speaks for the connector. */
		if (w->from[i].nl_pid != 0 ||
		    (w->mm[i].msg_hdr.msg_flags & MSG_TRUNC))
			continue;
		n += datagram_events(
		    w->buf[i], w->mm[i].msg_len, w->cn + n, WATCH_EVENTS - n);
	}
	return (ssize_t)n;
}

static int64_t
now_ns(clockid_t clock)
{
	struct timespec ts;

	syscall(SYS_clock_gettime, clock, &ts);
	return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

/*
 * The connector's socket, bound to its process-events group, with as
 * large a buffer as permitted: 0, or -1 and *d.
 */
static int
open_connector(struct watch *w, struct diag *d)
{
	struct sockaddr_nl sa = { .nl_family = AF_NETLINK,
		.nl_groups = CN_IDX_PROC };
	int size = WATCH_RCVBUF, e;

	w->fd =
	    socket(AF_NETLINK, SOCK_DGRAM | SOCK_CLOEXEC, NETLINK_CONNECTOR);
	if (w->fd == -1) {
		e = errno;
		if (e == EPROTONOSUPPORT || e == EAFNOSUPPORT)
			diag_set(d, e,
			    proc_has_connector() ? refused : no_connector);
		else
			diag_set(d, e, NULL);
		return -1;
	}
	if (setsockopt(
	        w->fd, SOL_SOCKET, SO_RCVBUFFORCE, &size, sizeof(size)) == -1)
		(void)setsockopt(
		    w->fd, SOL_SOCKET, SO_RCVBUF, &size, sizeof(size));
	if (bind(w->fd, (struct sockaddr *)&sa, sizeof(sa)) == -1) {
		diag_set(d, errno, errno == EPERM ? needs_cap : NULL);
		return -1;
	}
	return 0;
}

/* The process of an exec event; 0 for any other message. */
static pid_t
exec_pid(const struct cn_event *e)
{
	return e->ev.what == PROC_EVENT_EXEC
	    ? e->ev.event_data.exec.process_tgid
	    : 0;
}

/*
 * Whether the program read is one shown already: an exec event read only
 * once the process had exec'd again (a setpriv or env running the next
 * program) brings the next program's vector, which its own event brings
 * again.  The same PID and the same random bytes are the same exec.
 */
static int
shown_before(struct watch *w, const struct source *s)
{
	const struct auxv_vec *v = &s->vec;
	unsigned char rnd[AUXV_RANDOM_LEN];
	size_t k = (size_t)v->pid % WATCH_SEEN;
	uint64_t at;

	if (vec_find(v, AT_NUM_RANDOM, &at) == 0 ||
	    mem_get(&v->mem, at, rnd, sizeof(rnd), NULL) != sizeof(rnd))
		return 0;
	if (w->seen[k].pid == v->pid &&
	    memcmp(w->seen[k].rnd, rnd, sizeof(rnd)) == 0)
		return 1;
	w->seen[k].pid = v->pid;
	memcpy(w->seen[k].rnd, rnd, sizeof(rnd));
	return 0;
}

/*
 * Reads the vectors of the exec events among n messages, none of the
 * memory they point to yet.  A program that exec'd again later in the
 * batch is counted as ended: the vector under its number is already the
 * next program's.
 */
static void
read_vectors(struct watch *w, size_t n, const struct opts *o)
{
	struct slot *sl;
	size_t i, j;
	pid_t pid;

	for (i = 0; i < n; i++) {
		sl = &w->prog[i].sl;
		scan_slot_init(sl);
		pid = exec_pid(&w->cn[i]);
		w->prog[i].skip = pid == 0 ||
		    (o->comms != NULL && scan_named(pid, o->comms) != 1);
		if (w->prog[i].skip)
			continue;
		sl->rc = src_pid_later(&sl->src, o, pid, &sl->d);
		for (j = i + 1; j < n && exec_pid(&w->cn[j]) != pid; j++)
			;
		if (j < n && sl->rc == 0) {
			sl->rc = -1;
			diag_set(&sl->d, ESRCH,
			    "executed another program before it could be read");
			sl->d.flags = DIAG_VANISHED;
			/* The name and executable read are the next one's. */
			sl->src.vec.comm = sl->src.vec.exe = NULL;
		}
	}
}

/*
 * Reads the programs of the exec events among n messages, every vector
 * before the memory it points to, and hands them to fn in order: nonzero
 * when fn asks to stop.
 */
static int
read_batch(
    struct watch *w, size_t n, const struct opts *o, watch_fn *fn, void *arg)
{
	int64_t off = now_ns(CLOCK_REALTIME) - now_ns(CLOCK_MONOTONIC), t;
	struct prog *pg;
	struct proc p;
	size_t i;
	int stop = 0;

	read_vectors(w, n, o);
	for (i = 0; i < n; i++) {
		pg = &w->prog[i];
		if (pg->skip)
			continue;
		/*
		 * Always: -w's formats all decode (main.c refuses the
		 * others), and the AT_RANDOM bytes tell an exec shown already.
		 */
		if (pg->sl.rc == 0)
			src_pid_ahead(&pg->sl.src, o);
		if (pg->sl.rc == 0 && shown_before(w, &pg->sl.src)) {
			pg->skip = 1;
			continue;
		}
		/* CLOCK_MONOTONIC, as the kernel stamps events. */
		t = (int64_t)w->cn[i].ev.timestamp_ns + off;
		proc_at(&p, exec_pid(&w->cn[i]), 0);
		pg->ev =
		    (struct watch_event){ p.pid, proc_ppid(&p), t / 1000000000,
			    (unsigned int)(t % 1000000000 / 1000000) };
	}
	for (i = 0; i < n; i++) {
		pg = &w->prog[i];
		if (!pg->skip && !stop && pg->sl.rc == 0)
			src_pid_machine(&pg->sl.src);
		if (!pg->skip && !stop)
			stop =
			    fn(arg, &pg->sl.src, pg->sl.rc, &pg->sl.d, &pg->ev);
		src_close(&pg->sl.src);
	}
	return stop;
}

/*
 * Whether the subscription's acknowledgement (the answer that carries
 * ack + 1) is among n messages: 0 where it is not (the events that came
 * before it are before our start); 1 where it is, and then exec events
 * alone are asked for, and the lowest real-time priority; -1 and *d where
 * the kernel refused.
 */
static int
acknowledged(struct watch *w, size_t n, uint32_t ack, struct watch_stats *st,
    struct diag *d)
{
	struct sched_param sp = { 0 };
	size_t i;
	int e;

	for (i = 0; i < n; i++)
		if (w->cn[i].ev.what == PROC_EVENT_NONE &&
		    w->cn[i].ack == ack + 1)
			break;
	if (i == n)
		return 0;
	if ((e = (int)w->cn[i].ev.event_data.ack.err) != 0) {
		diag_set(d, e, e == EPERM ? needs_cap : NULL);
		return -1;
	}
	if (send_op(w->fd, ack, PROC_CN_MCAST_LISTEN, PROC_EVENT_EXEC) == -1) {
		diag_set(d, errno, NULL);
		return -1;
	}
	sp.sched_priority = sched_get_priority_min(SCHED_FIFO);
	if (sched_setscheduler(0, SCHED_FIFO, &sp) == -1)
		st->rt_err = errno;
	return 1;
}

/*
 * Subscribes, waits at most WATCH_ACK_MS for the acknowledgement, and
 * then listens until a signal comes or fn asks to stop: 0, or -1 and *d.
 */
static int
listen_loop(struct watch *w, const struct opts *o, watch_fn *fn, void *arg,
    struct watch_stats *st, struct diag *d)
{
	uint32_t ack = (uint32_t)getpid();
	struct pollfd pfd[2] = { { w->fd, POLLIN, 0 }, { w->sfd, POLLIN, 0 } };
	int64_t end = now_ns(CLOCK_MONOTONIC) + WATCH_ACK_MS * 1000000LL, ms;
	ssize_t n;
	int acked = 0, rc = -1, e;

	if (send_op(w->fd, ack, PROC_CN_MCAST_LISTEN, 0) == -1) {
		diag_set(d, errno, errno == EPERM ? needs_cap : NULL);
		return -1;
	}
	for (;;) {
		ms = acked ? -1
		           : (end - now_ns(CLOCK_MONOTONIC) + 999999) / 1000000;
		if (!acked && ms <= 0) {
			diag_set(d, ETIMEDOUT, no_ack);
			break;
		}
		if (poll(pfd, 2, (int)ms) == -1) {
			if (errno == EINTR)
				continue;
			diag_set(d, errno, NULL);
			break;
		}
		if (pfd[1].revents != 0) {
			rc = 0;
			break;
		}
		if (pfd[0].revents == 0)
			continue;
		if ((n = receive(w, MSG_DONTWAIT)) == -1) {
			if (errno == ENOBUFS && acked)
				st->overflows++;
			else if (errno != EAGAIN && errno != EINTR &&
			    errno != ENOBUFS) {
				diag_set(d, errno, NULL);
				break;
			}
			continue;
		}
		if (acked) {
			if (read_batch(w, (size_t)n, o, fn, arg)) {
				rc = 0;
				break;
			}
			continue;
		}
		if ((e = acknowledged(w, (size_t)n, ack, st, d)) == -1)
			break;
		acked = e;
	}
	/* The kernel counts listeners: one fewer. */
	if (acked)
		(void)send_op(w->fd, 0, PROC_CN_MCAST_IGNORE, 0);
	return rc;
}

int
watch_run(const struct opts *o, watch_fn *fn, void *arg, struct watch_stats *st,
    struct diag *d)
{
	struct watch *w;
	sigset_t set;
	int rc = -1;

	st->overflows = 0;
	st->rt_err = 0;
	if ((w = calloc(1, sizeof(*w))) == NULL) {
		diag_set(d, errno, NULL);
		return -1;
	}
	w->fd = -1;
	sigemptyset(&set);
	sigaddset(&set, SIGINT);
	sigaddset(&set, SIGTERM);
	sigaddset(&set, SIGPIPE);
	if (sigprocmask(SIG_BLOCK, &set, NULL) == -1 ||
	    (w->sfd = (int)syscall(SYS_signalfd4, -1, &set, _NSIG / 8,
	         SFD_CLOEXEC | SFD_NONBLOCK)) == -1) {
		diag_set(d, errno, NULL);
		free(w);
		return -1;
	}
	if (open_connector(w, d) == 0)
		rc = listen_loop(w, o, fn, arg, st, d);
	if (w->fd != -1)
		close(w->fd);
	close(w->sfd);
	free(w);
	return rc;
}
