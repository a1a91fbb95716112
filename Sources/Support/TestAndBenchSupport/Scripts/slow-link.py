#!/usr/bin/python3
# Why this exists: a slow network link between two programs on this machine, for the share benchmarks: a TCP proxy on 127.0.0.1 that delays every byte by half the round trip each way and paces each direction to a rate, as `tc netem` would (this kernel has no netem). Usage: slow-link.py LISTEN_PORT TARGET_PORT ROUND_TRIP_MS MBIT_PER_S; prints "ready" once it listens.
import asyncio
import sys
import time

listen_port, target_port = int(sys.argv[1]), int(sys.argv[2])
one_way = float(sys.argv[3]) / 2000.0
bytes_per_second = float(sys.argv[4]) * 1_000_000 / 8


async def pipe(reader, writer):
    """Bytes read at t leave at t + one_way at the earliest, and no faster than the rate."""
    queue = asyncio.Queue()

    async def read():
        while True:
            data = await reader.read(65536)
            await queue.put((time.monotonic(), data))
            if not data:
                return

    async def write():
        free = 0.0
        while True:
            arrived, data = await queue.get()
            if not data:
                writer.close()
                return
            leave = max(arrived + one_way, free)
            free = leave + len(data) / bytes_per_second
            delay = free - time.monotonic()
            if delay > 0:
                await asyncio.sleep(delay)
            writer.write(data)
            await writer.drain()

    await asyncio.gather(read(), write(), return_exceptions=True)


async def serve(client_reader, client_writer):
    try:
        server_reader, server_writer = await asyncio.open_connection("127.0.0.1", target_port)
    except OSError:
        client_writer.close()
        return
    await asyncio.gather(pipe(client_reader, server_writer), pipe(server_reader, client_writer), return_exceptions=True)


async def main():
    server = await asyncio.start_server(serve, "127.0.0.1", listen_port)
    print("ready", flush=True)
    async with server:
        await server.serve_forever()

asyncio.run(main())
