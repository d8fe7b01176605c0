// A ring of STAGES buffers indexed with % STAGES, each stage a 2-D tile
// written by rows and read by columns.
// launch: rt2_30_ring_stages 2 32x8
// expect: rewritten
#define STAGES 3
__global__ void rt2_30_ring_stages(const int *in, int *out, int p) {
    __shared__ float ring[STAGES][32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    float acc = 0.0f;
    for (int step = 0; step < 5; ++step) {
        const int s = step % STAGES;
        for (int j = ty; j < 32; j += 8)
            ring[s][j][tx] = (float)((in[(blockIdx.x * 1024 + step * 128 + j * 32 + tx) & 4095] >> step) & 1023);
        __syncthreads();
        acc += ring[s][tx][ty] * (float)(step + 1);
        __syncthreads();
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_30_ring_stages<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
