// A do-while that breaks at the row's end: the column stays below 32.
// launch: rt2_171_do_while_break 2 32x8
// expect: rewritten
__global__ void rt2_171_do_while_break(const int *in, int *out, int p) {
    __shared__ float tile[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 32 + tx;
    for (int j = ty; j < 32; j += 8)
        tile[j][tx] = (float)(in[blockIdx.x * 1024 + j * 32 + tx] & 4095);
    __syncthreads();
    float acc = 0.0f;
    int c = ty;
    do {
        acc += tile[tx][c];
        c += 8;
        if (c >= 32) break;
    } while (true);
    out[blockIdx.x * 256 + tid] = __float_as_int(acc);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt2_171_do_while_break<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
