// A shared work queue filled through an atomic counter (slots in a data-
// dependent order), then summed order-free; and a transposed counts table.
// launch: rt79_queue 2 32x8
__global__ void rt79_queue(const int *in, int *out, int p) {
    __shared__ int count;
    __shared__ int queue[256];
    __shared__ int table[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    if (tid == 0) count = 0;
    for (int j = ty; j < 32; j += 8) table[j][tx] = 0;
    __syncthreads();
    const int v = in[blockIdx.x * 256 + tid];
    if (v & 1) queue[atomicAdd(&count, 1)] = v & 1023;
    atomicAdd(&table[(v >> 3) & 31][tx], 1);
    __syncthreads();
    int sum = 0;
    for (int i = 0; i < count; ++i) sum += queue[i];
    out[blockIdx.x * 256 + tid] = sum + table[tx][ty] + table[tx][ty + 8] * 7;
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt79_queue<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
