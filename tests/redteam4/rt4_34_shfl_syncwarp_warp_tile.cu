// Warp-private rows of a shared tile mixed with shuffles: each warp writes
// its row, __syncwarp, reads a neighbour lane's element (w[warp][lane ^ 1]),
// exchanges with a shuffle and writes back a rotated row.
// launch: rt4_34_warp_tile 2 32x4
__global__ void rt4_34_warp_tile(const int *in, int *out, int p) {
    __shared__ int w[4][32];
    const int lane = threadIdx.x, warp = threadIdx.y;
    w[warp][lane] = in[(blockIdx.x * 128 + warp * 32 + lane) & 4095] & 4095;
    __syncwarp();
    int v = w[warp][lane ^ 1];
    v += __shfl_down_sync(0xffffffffu, v, 3);
    __syncwarp();
    w[warp][(lane + warp + 1) & 31] = v;
    __syncthreads();
    out[blockIdx.x * 128 + warp * 32 + lane] = w[warp][lane] + w[(warp + 1) & 3][31 - lane];
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_34_warp_tile<<<2, dim3(32, 4)>>>(in, out, 0); }
#endif
