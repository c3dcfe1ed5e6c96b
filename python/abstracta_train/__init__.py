"""Training for abstracta's learned search: the residual network, reading
self-play shards, training, exporting the safetensors file the Rust
``puct`` family loads, and the generation loop."""
