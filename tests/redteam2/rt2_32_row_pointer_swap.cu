// Double buffering by swapping pointers to rows, float (*cur)[32]: a padded
// array no longer has that row type.
// launch: rt2_32_row_pointer_swap 2 32x8
__global__ void rt2_32_row_pointer_swap(const int *in, int *out, int p) {
    __shared__ float a[32][32], b[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    float (*cur)[32] = a, (*nxt)[32] = b;
    for (int j = ty; j < 32; j += 8)
        cur[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float acc = 0.0f;
    for (int step = 0; step < 3; ++step) {
        for (int j = ty; j < 32; j += 8)
            nxt[j][tx] = cur[tx][j] + (float)step;
        __syncthreads();
        float (*t)[32] = cur; cur = nxt; nxt = t;
        acc += cur[ty][tx];
    }
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_32_row_pointer_swap<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
