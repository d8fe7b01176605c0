// A float4 tile transposed element-wise with no raw pointer: legal.
// launch: rt21_vecT 2 16x16
// expect: rewritten
__global__ void rt21_vecT(const int *in, int *out, int p) {
    __shared__ float4 v[16][16];
    const int tx = threadIdx.x, ty = threadIdx.y, tid = ty * 16 + tx;
    const int *g = in + blockIdx.x * 1024 + tid * 4;
    v[ty][tx] = make_float4((float)(g[0] & 255), (float)(g[1] & 255), (float)(g[2] & 255), (float)(g[3] & 255));
    __syncthreads();
    float4 t = v[tx][ty];
    out[blockIdx.x * 256 + tid] = __float_as_int(t.x + 2.f * t.y + 3.f * t.z + 4.f * t.w);
}
#ifdef __CUDACC__
void launch(const int *in, int *out) { rt21_vecT<<<2, dim3(16, 16)>>>(in, out, 0); }
#endif
