// A tile of float2 (complex values), written by rows and read by columns
// field by field (t[tx][j].x, t[tx][j].y): 8-byte elements, rows of 256
// bytes, a 16-way conflict. A legal control.
// launch: rt4_61_float2_fields 2 32x8
// expect: rewritten
__global__ void rt4_61_float2_fields(const int *in, int *out, int p) {
    __shared__ float2 t[32][32];
    const int tx = threadIdx.x, ty = threadIdx.y;
    for (int j = ty; j < 32; j += 8) {
        const int v = in[(blockIdx.x * 1024 + j * 32 + tx) & 4095];
        t[j][tx].x = (float)(v & 255);
        t[j][tx].y = (float)((v >> 8) & 255);
    }
    __syncthreads();
    for (int j = ty; j < 32; j += 8)
        out[blockIdx.x * 1024 + j * 32 + tx] = __float_as_int(t[tx][j].x * t[tx][j].y - t[tx][j].y);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt4_61_float2_fields<<<2, dim3(32, 8)>>>(in, out, 0); }
#endif
