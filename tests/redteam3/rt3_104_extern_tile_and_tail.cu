// One dynamic buffer holding a 32x32 tile and a 256-int tail after it, in
// one extern array: the tile read transposed, the tail read reversed.
// launch: rt3_104_extern_tile_and_tail 2 32x8 0 0 smem=5120
static __global__ void rt3_104_extern_tile_and_tail(const int *in, int *out, int p) {
    extern __shared__ int buf[];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8) buf[j * 32 + tx] = in[blockIdx.x * 1024 + j * 32 + tx] & 4095;
    buf[1024 + tid] = in[2048 + blockIdx.x * 256 + tid] & 255;
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = buf[tx * 32 + j] + 3 * buf[1024 + 255 - ((tid + j) % 256)];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) {
    rt3_104_extern_tile_and_tail<<<2, dim3(32, 8), (1024 + 256) * sizeof(int)>>>(in, out, 0);
}
#endif
